import {
  BackendError,
  type Backend,
  type MessagesObserver,
  type WatchStatus,
} from '../../shared/backend/ports.ts';
import type { DesktopApi, InboxSnapshot, IpcError, IpcResult } from '../../shared/ipc/contract.ts';

/** Turns a failure that crossed IPC back into the port's error. */
export function toBackendError(error: IpcError): BackendError {
  return new BackendError(error.code, {
    message: error.message,
    ...(error.fields ? { fields: error.fields } : {}),
    ...(error.retryAfterSeconds !== undefined
      ? { retryAfterSeconds: error.retryAfterSeconds }
      : {}),
  });
}

function unwrap<T>(result: IpcResult<T>): T {
  if (result.ok) return result.value;
  throw toBackendError(result.error);
}

export const SEND_NOT_AVAILABLE =
  'la console de bureau sert à lire les messages, pas à en envoyer.';

/**
 * The backend port for src-web's screens inside the desktop console: every call goes to the
 * main process through the preload's API, which owns the real backend, the session and the
 * realtime watch. The renderer holds no credential and opens no connection.
 */
export function createIpcBackend(api: DesktopApi): Backend {
  return {
    session: {
      signIn: async (email, password) => unwrap(await api.session.signIn(email, password)),
      signOut: async () => {
        unwrap(await api.session.signOut());
      },
      current: async () => unwrap(await api.session.current()),
      onChange(listener) {
        let active = true;
        let changed = false;
        const stop = api.session.onChange((admin) => {
          changed = true;
          if (active) listener(admin);
        });
        // The current state first, unless a change already said it.
        void api.session
          .current()
          .then((result) => {
            if (active && !changed && result.ok) listener(result.value);
          })
          .catch(() => undefined);
        return () => {
          active = false;
          stop();
        };
      },
    },
    messages: {
      send: () => Promise.reject(new BackendError('refused', { message: SEND_NOT_AVAILABLE })),
      setRead: async (id, read) => {
        unwrap(await api.inbox.setRead(id, read));
      },
      remove: async (ids) => {
        unwrap(await api.inbox.remove([...ids]));
      },
      watch(observer: MessagesObserver) {
        let active = true;
        let changed = false;
        let lastStatus: WatchStatus | undefined;
        const stop = () => {
          active = false;
          unsubscribe();
        };
        const apply = (snapshot: InboxSnapshot) => {
          if (!active) return;
          if (snapshot.status !== lastStatus) {
            lastStatus = snapshot.status;
            observer.status?.(snapshot.status);
          }
          if (snapshot.error) {
            // The port's rule: nothing is delivered after an error.
            stop();
            observer.error?.(toBackendError(snapshot.error));
            return;
          }
          if (snapshot.messages) observer.next(snapshot.messages);
        };
        const unsubscribe = api.inbox.onChange((snapshot) => {
          changed = true;
          apply(snapshot);
        });
        void api.inbox
          .snapshot()
          .then((snapshot) => {
            if (!changed) apply(snapshot);
          })
          .catch(() => undefined);
        return stop;
      },
    },
  };
}
