import { afterEach, describe, expect, it, vi } from 'vitest';
import { BackendError } from '../../../shared/backend/ports.ts';
import type { ContactMessage } from '../../../shared/domain/contact.ts';
import type { EventChannels } from '../../../shared/ipc/contract.ts';
import { createConsoleService } from '../../../src-electron/main/console-service.ts';
import { createFakeBackend, message, OWNER, settle } from '../fake-backend.ts';

afterEach(() => {
  vi.useRealTimers();
});

function setup(options: { signedIn?: boolean; messages?: ContactMessage[] } = {}) {
  const server = createFakeBackend(options);
  const notified: ContactMessage[] = [];
  const unread: number[] = [];
  const events: { channel: keyof EventChannels; payload: unknown }[] = [];
  let looking = false;
  const service = createConsoleService({
    createBackend: async () => server.backend,
    notify: (m) => notified.push(m),
    setUnread: (count) => unread.push(count),
    emit: (channel, payload) => events.push({ channel, payload }),
    isLookingAtInbox: () => looking,
    rewatchDelayMs: 1000,
  });
  return {
    server,
    service,
    notified,
    unread,
    events,
    setLooking(value: boolean) {
      looking = value;
    },
  };
}

describe('createConsoleService', () => {
  it('mirrors the inbox for the renderer: status, then the list', async () => {
    const { service, server } = setup({ signedIn: true, messages: [message()] });
    await service.useBackend({ kind: 'server', url: 'http://127.0.0.1:3000' });
    await settle();
    expect(service.snapshot()).toMatchObject({ status: 'live', error: null });
    expect(service.snapshot().messages).toHaveLength(1);
    server.status('reconnecting');
    expect(service.snapshot().status).toBe('reconnecting');
  });

  it('an expired session stops the watch, clears the unread count and tells the renderer', async () => {
    const { service, server, unread, events } = setup({ signedIn: true });
    await service.useBackend({ kind: 'server', url: 'http://127.0.0.1:3000' });
    await settle();
    server.deliver(message());
    expect(service.unread).toBe(1);
    server.expire();
    expect(service.unread).toBe(0);
    expect(unread.at(-1)).toBe(0);
    expect(server.watching).toBe(0);
    expect(events.filter((event) => event.channel === 'session:change').at(-1)?.payload).toBeNull();
    expect(service.snapshot()).toMatchObject({ messages: null, status: 'connecting', error: null });
  });

  it('a message deleted or marked read elsewhere no longer counts as unread', async () => {
    const { service, server, unread } = setup({ signedIn: true });
    await service.useBackend({ kind: 'server', url: 'http://127.0.0.1:3000' });
    await settle();
    server.deliver(message({ id: 'a' }), message({ id: 'b' }), message({ id: 'c' }));
    expect(service.unread).toBe(3);
    await server.backend.messages.remove(['a']);
    expect(service.unread).toBe(2);
    expect(unread.at(-1)).toBe(2);
    await server.backend.messages.setRead('b', true);
    expect(service.unread).toBe(1);
    expect(unread.at(-1)).toBe(1);
  });

  it('watches again after a failure that ended the watch', async () => {
    vi.useFakeTimers();
    const { service, server } = setup({ signedIn: true });
    await service.useBackend({ kind: 'server', url: 'http://127.0.0.1:3000' });
    await vi.advanceTimersByTimeAsync(0);
    server.fail('unknown');
    expect(service.snapshot().error?.code).toBe('unknown');
    expect(server.watching).toBe(0);
    await vi.advanceTimersByTimeAsync(1000);
    expect(server.watching).toBe(1);
    expect(service.snapshot().error).toBeNull();
  });

  it('the first list after signing in again notifies nothing', async () => {
    const { service, server, notified } = setup();
    await service.useBackend({ kind: 'server', url: 'http://127.0.0.1:3000' });
    await service.signIn(OWNER.email, OWNER.password);
    await settle();
    server.deliver(message());
    expect(notified).toHaveLength(1);
    await service.signOut();
    server.deliver(message(), message());
    await service.signIn(OWNER.email, OWNER.password);
    await settle();
    expect(notified).toHaveLength(1);
  });

  it('reports a backend that cannot start on every request', async () => {
    const service = createConsoleService({
      createBackend: () =>
        Promise.reject(new BackendError('unavailable', { message: 'Firebase est mal configuré.' })),
      notify: () => undefined,
      setUnread: () => undefined,
      emit: () => undefined,
      isLookingAtInbox: () => false,
    });
    await service.useBackend({ kind: 'server', url: 'http://127.0.0.1:3000' });
    expect(await service.signIn(OWNER.email, OWNER.password)).toEqual({
      ok: false,
      error: { code: 'unavailable', message: 'Firebase est mal configuré.' },
    });
  });

  it('releases the previous backend when the settings change', async () => {
    const { service, server } = setup({ signedIn: true });
    await service.useBackend({ kind: 'server', url: 'http://127.0.0.1:3000' });
    await settle();
    await service.useBackend({ kind: 'server', url: 'http://127.0.0.1:4000' });
    expect(server.closed).toBe(true);
    expect(server.sessionListeners).toBe(1);
  });
});
