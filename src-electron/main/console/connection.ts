import {
  BackendError,
  isBackendError,
  type Admin,
  type Backend,
} from '../../../shared/backend/ports.ts';
import { FAILURES } from '../../../shared/domain/messages.ts';
import type { BackendSettings, IpcError, IpcResult } from '../../../shared/ipc/contract.ts';
import type { BackendFactory } from '../backend-factory.ts';

/** A failure as the renderer receives it. */
export function toIpcError(error: unknown): IpcError {
  if (isBackendError(error)) {
    return {
      code: error.code,
      message: error.message,
      ...(error.fields ? { fields: error.fields } : {}),
      ...(error.retryAfterSeconds !== undefined
        ? { retryAfterSeconds: error.retryAfterSeconds }
        : {}),
      ...(error.newDevice ? { newDevice: error.newDevice } : {}),
    };
  }
  return { code: 'unknown', message: FAILURES.unknown };
}

async function attempt<T>(work: () => Promise<T>): Promise<IpcResult<T>> {
  try {
    return { ok: true, value: await work() };
  } catch (error) {
    return { ok: false, error: toIpcError(error) };
  }
}

/** The parts a backend may lack (the agency's server has them all; Firebase most). */
export type BackendPart = 'leads' | 'quotes' | 'invoices' | 'settings' | 'whatsappTaps';

/** What the console's jobs ask of the backend, each answer or failure as the renderer gets it. */
export interface BackendAccess {
  /** The backend connected now (null: none yet, or it could not be made). */
  current(): Backend | null;
  /** Runs `work` on the backend; 'unavailable' (or why it could not be made) without one. */
  use<T>(work: (source: Backend) => Promise<T>): Promise<IpcResult<T>>;
  /** The same, on one part of the backend: 'unavailable' where it has none. */
  usePart<K extends BackendPart, T>(
    part: K,
    work: (source: NonNullable<Backend[K]>) => Promise<T>,
  ): Promise<IpcResult<T>>;
}

export interface ConnectionOptions {
  createBackend: BackendFactory;
  /** The session of the connected backend changed (signed in, out, or as someone else). */
  onSession: (source: Backend, admin: Admin | null) => void;
  /** The backend is about to be let go: stop watching it. */
  onDetach: () => void;
  log: (message: string) => void;
}

/**
 * The console's one backend, made from the settings (again when they change) and closed when
 * let go; its session followed for as long as it is the one.
 */
export function createBackendConnection(options: ConnectionOptions) {
  let backend: Backend | null = null;
  let problem: IpcError | null = null;
  let stopSession: (() => void) | null = null;
  let generation = 0;

  const detach = () => {
    options.onDetach();
    stopSession?.();
    stopSession = null;
    const previous = backend;
    backend = null;
    previous
      ?.close()
      .catch((error: unknown) => options.log(`Fermeture du backend : ${String(error)}`));
  };

  const use = <T>(work: (source: Backend) => Promise<T>): Promise<IpcResult<T>> => {
    const source = backend;
    if (!source) {
      return Promise.resolve({
        ok: false,
        error: problem ?? { code: 'unavailable', message: FAILURES.unavailable },
      });
    }
    return attempt(() => work(source));
  };

  const access: BackendAccess = {
    current: () => backend,
    use,
    usePart: (part, work) =>
      use((source) => {
        const found = source[part];
        if (!found) throw new BackendError('unavailable');
        return work(found);
      }),
  };

  return {
    access,
    /** Connects to the backend of these settings, letting the previous one go. */
    async connect(settings: BackendSettings): Promise<void> {
      const current = ++generation;
      detach();
      problem = null;
      try {
        const created = await options.createBackend(settings);
        if (current !== generation) return;
        backend = created;
        stopSession = created.session.onChange((next) => {
          if (backend === created) options.onSession(created, next);
        });
      } catch (error) {
        if (current !== generation) return;
        problem = toIpcError(error);
        options.log(`Backend indisponible : ${problem.message}`);
      }
    },
    dispose(): void {
      generation += 1;
      detach();
    },
  };
}
