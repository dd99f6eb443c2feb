import { describe, expect, it } from 'vitest';
import { BackendError, type Admin, type WatchStatus } from '../../../shared/backend/ports.ts';
import type { ContactMessage } from '../../../shared/domain/contact.ts';
import type { DesktopApi, InboxSnapshot } from '../../../shared/ipc/contract.ts';
import { createIpcBackend } from '../../../src-electron/renderer/ipc-backend.ts';
import { message, settle } from '../fake-backend.ts';

/** A hand-driven preload API. */
function fakeApi(initial: { admin?: Admin | null; snapshot?: InboxSnapshot } = {}) {
  const sessionListeners = new Set<(admin: Admin | null) => void>();
  const inboxListeners = new Set<(snapshot: InboxSnapshot) => void>();
  const calls: unknown[][] = [];
  let admin = initial.admin ?? null;
  let snapshot: InboxSnapshot = initial.snapshot ?? {
    messages: null,
    status: 'connecting',
    error: null,
  };
  const api: DesktopApi = {
    session: {
      signIn: async (email, password) =>
        password === 'bon'
          ? { ok: true, value: { email } }
          : {
              ok: false,
              error: { code: 'rate-limited', message: 'patientez', retryAfterSeconds: 30 },
            },
      signOut: async () => ({ ok: true, value: null }),
      current: async () => ({ ok: true, value: admin }),
      onChange: (listener) => {
        sessionListeners.add(listener);
        return () => sessionListeners.delete(listener);
      },
    },
    inbox: {
      snapshot: async () => snapshot,
      onChange: (listener) => {
        inboxListeners.add(listener);
        return () => inboxListeners.delete(listener);
      },
      onReveal: () => () => undefined,
      reportView: () => undefined,
      setRead: async (id, read) =>
        id === 'parti'
          ? { ok: false, error: { code: 'not-found', message: 'ce message n’existe plus.' } }
          : (calls.push(['setRead', id, read]), { ok: true, value: null }),
      remove: async (ids) => (calls.push(['remove', ...ids]), { ok: true, value: null }),
    },
    settings: {
      get: () => Promise.reject(new Error('inutile ici')),
      save: () => Promise.reject(new Error('inutile ici')),
    },
  };
  return {
    api,
    calls,
    setAdmin(next: Admin | null) {
      admin = next;
      for (const listener of sessionListeners) listener(next);
    },
    push(next: InboxSnapshot) {
      snapshot = next;
      for (const listener of inboxListeners) listener(next);
    },
    get listeners() {
      return sessionListeners.size + inboxListeners.size;
    },
  };
}

describe('createIpcBackend', () => {
  it('turns failures back into BackendError, with their code and details', async () => {
    const backend = createIpcBackend(fakeApi().api);
    await expect(backend.session.signIn('a@b.dz', 'bon')).resolves.toEqual({ email: 'a@b.dz' });
    const error = await backend.session.signIn('a@b.dz', 'faux').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackendError);
    expect(error).toMatchObject({
      code: 'rate-limited',
      message: 'patientez',
      retryAfterSeconds: 30,
    });
  });

  it('onChange gives the current state first, then every change', async () => {
    const driver = fakeApi({ admin: { email: 'a@b.dz' } });
    const seen: (Admin | null)[] = [];
    const stop = createIpcBackend(driver.api).session.onChange((admin) => seen.push(admin));
    await settle();
    driver.setAdmin(null);
    expect(seen).toEqual([{ email: 'a@b.dz' }, null]);
    stop();
    expect(driver.listeners).toBe(0);
  });

  it('watch mirrors the main process’s inbox and ends on its error', async () => {
    const first = message();
    const driver = fakeApi({ snapshot: { messages: [first], status: 'live', error: null } });
    const lists: ContactMessage[][] = [];
    const statuses: WatchStatus[] = [];
    const errors: BackendError[] = [];
    createIpcBackend(driver.api).messages.watch({
      next: (list) => lists.push(list),
      status: (status) => statuses.push(status),
      error: (error) => errors.push(error),
    });
    await settle();
    expect(lists).toEqual([[first]]);
    const second = message();
    driver.push({ messages: [second, first], status: 'live', error: null });
    driver.push({ messages: [second, first], status: 'reconnecting', error: null });
    expect(statuses).toEqual(['live', 'reconnecting']);
    driver.push({
      messages: [second, first],
      status: 'reconnecting',
      error: { code: 'unauthorized', message: 'reconnectez-vous' },
    });
    expect(errors[0]?.code).toBe('unauthorized');
    driver.push({ messages: [], status: 'live', error: null });
    expect(lists).toHaveLength(3);
    expect(driver.listeners).toBe(0);
  });

  it('does not send messages from the console', async () => {
    const backend = createIpcBackend(fakeApi().api);
    await expect(backend.messages.send({} as never)).rejects.toMatchObject({ code: 'refused' });
  });

  it('hands read changes and deletions to the main process', async () => {
    const driver = fakeApi();
    const backend = createIpcBackend(driver.api);
    await backend.messages.setRead('m1', true);
    await backend.messages.remove(['m1', 'm2']);
    expect(driver.calls).toEqual([
      ['setRead', 'm1', true],
      ['remove', 'm1', 'm2'],
    ]);
    await expect(backend.messages.setRead('parti', false)).rejects.toMatchObject({
      code: 'not-found',
    });
  });
});
