/**
 * « Indésirables » in the desktop console, against the real local server: the main process
 * lists the spam for the window, shows no system notification for it, and « Pas un
 * indésirable » brings it into the console's inbox with its notification, as a new message.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HONEYPOT_FIELD, type ContactMessage } from '../../../shared/domain/contact.ts';
import { createBackendFactory } from '../../../src-electron/main/backend-factory.ts';
import { createConsoleService } from '../../../src-electron/main/console-service.ts';
import { createSecretFile } from '../../../src-electron/main/secret-file.ts';
import { ADMIN, createTestApp, listen, VALID_CONTACT } from '../../server/helpers.ts';
import { createFakeElectron } from '../fake-electron.ts';

/** How long to wait for what a real server takes no fixed time to do (the machine may be loaded). */
const WAIT = { timeout: 20_000 };

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function post(url: string, body: object): Promise<string> {
  const response = await fetch(`${url}/api/contacts`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function consoleOn(url: string) {
  const { safeStorage } = createFakeElectron();
  const dir = await mkdtemp(path.join(tmpdir(), 'agence-console-spam-'));
  const sessionSecret = createSecretFile(path.join(dir, 'session.bin'), safeStorage, 'linux');
  cleanups.push(async () => {
    await sessionSecret.read();
    await rm(dir, { recursive: true, force: true });
  });
  const factory = createBackendFactory({ fetch: globalThis.fetch.bind(globalThis), sessionSecret });
  const notified: ContactMessage[] = [];
  const service = createConsoleService({
    createBackend: factory,
    notify: (message) => notified.push(message),
    setUnread: () => undefined,
    emit: () => undefined,
    isLookingAtInbox: () => false,
  });
  cleanups.push(() => service.dispose());
  await service.useBackend({ kind: 'server', url });
  expect(await service.signIn(ADMIN.email, ADMIN.password)).toMatchObject({ ok: true });
  return { service, notified };
}

describe('the console’s « Marquer comme indésirable » on the local server', () => {
  it('moves a message to « Indésirables », checked in the main process; « Pas un indésirable » brings it back without a second notification', async () => {
    const server = await createTestApp();
    cleanups.push(() => server.dispose());
    const url = await listen(server.app);
    const { service, notified } = await consoleOn(url);
    await vi.waitFor(() => expect(service.snapshot()).toMatchObject({ status: 'live' }), WAIT);
    const advert = await post(url, { ...VALID_CONTACT, subject: 'Des abonnés à vendre' });
    await vi.waitFor(
      () => expect(service.snapshot().messages?.map((message) => message.id)).toEqual([advert]),
      WAIT,
    );

    expect(await service.markSpam(advert)).toEqual({ ok: true, value: null });
    await vi.waitFor(() => expect(service.snapshot().messages).toEqual([]), WAIT);
    expect(await service.listSpam()).toMatchObject({
      ok: true,
      value: [{ id: advert, spamReason: 'owner' }],
    });
    // Not in the inbox any more: refused here, before the backend is asked.
    expect(await service.markSpam(advert)).toMatchObject({
      ok: false,
      error: { code: 'not-found' },
    });

    expect(await service.restoreSpam(advert)).toEqual({ ok: true, value: null });
    await vi.waitFor(
      () => expect(service.snapshot().messages?.map((message) => message.id)).toEqual([advert]),
      WAIT,
    );
    expect(notified.map((message) => message.id)).toEqual([advert]);
  });
});

describe('the console’s « Indésirables » on the local server', () => {
  it('lists spam without notifying it; « Pas un indésirable » brings it in, notified', async () => {
    const server = await createTestApp();
    cleanups.push(() => server.dispose());
    const url = await listen(server.app);
    const { safeStorage } = createFakeElectron();
    const dir = await mkdtemp(path.join(tmpdir(), 'agence-console-spam-'));
    const sessionSecret = createSecretFile(path.join(dir, 'session.bin'), safeStorage, 'linux');
    cleanups.push(async () => {
      await sessionSecret.read();
      await rm(dir, { recursive: true, force: true });
    });
    const factory = createBackendFactory({
      fetch: globalThis.fetch.bind(globalThis),
      sessionSecret,
    });
    const notified: ContactMessage[] = [];
    const service = createConsoleService({
      createBackend: factory,
      notify: (message) => notified.push(message),
      setUnread: () => undefined,
      emit: () => undefined,
      isLookingAtInbox: () => false,
    });
    cleanups.push(() => service.dispose());
    await service.useBackend({ kind: 'server', url });
    expect(await service.signIn(ADMIN.email, ADMIN.password)).toMatchObject({ ok: true });
    await vi.waitFor(
      () => expect(service.snapshot()).toMatchObject({ status: 'live', messages: [] }),
      WAIT,
    );

    const spam = await post(url, {
      ...VALID_CONTACT,
      subject: 'Rempli par le navigateur',
      [HONEYPOT_FIELD]: 'https://www.exemple.dz',
    });
    const real = await post(url, VALID_CONTACT);
    await vi.waitFor(
      () => expect(service.snapshot().messages?.map((message) => message.id)).toEqual([real]),
      WAIT,
    );
    expect(notified.map((message) => message.id)).toEqual([real]);
    expect(await service.listSpam()).toEqual({
      ok: true,
      value: [
        expect.objectContaining({
          id: spam,
          subject: 'Rempli par le navigateur',
          spamReason: 'hidden-field',
        }),
      ],
    });

    expect(await service.restoreSpam(spam)).toEqual({ ok: true, value: null });
    await vi.waitFor(
      () =>
        expect(new Set(service.snapshot().messages?.map((message) => message.id))).toEqual(
          new Set([real, spam]),
        ),
      WAIT,
    );
    expect(notified.map((message) => message.id)).toEqual([real, spam]);
    expect(service.unread).toBe(2);
    expect(await service.listSpam()).toEqual({ ok: true, value: [] });
    expect(await service.restoreSpam(spam)).toMatchObject({
      ok: false,
      error: { code: 'not-found' },
    });
  });
});
