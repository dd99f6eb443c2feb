/**
 * The main process's backend against the real local server: Node's fetch with the cookie
 * jar, the `eventsource` package for the realtime stream, the session kept with safeStorage.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ContactMessage } from '../../../shared/domain/contact.ts';
import { applyInboxChanges } from '../../../shared/domain/inbox.ts';
import { createBackendFactory } from '../../../src-electron/main/backend-factory.ts';
import { createSecretFile } from '../../../src-electron/main/secret-file.ts';
import { BackendError } from '../../../shared/backend/ports.ts';
import { newDeviceTokenFrom } from '../../../shared/domain/admin.ts';
import { smtpStandIn } from '../../fixtures/smtp-stand-in.ts';
import { ADMIN, createTestApp, listen, VALID_CONTACT } from '../../server/helpers.ts';
import { createFakeElectron } from '../fake-electron.ts';
import { waitForValue } from '../../wait.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setup(env: Record<string, string> = {}) {
  const server = await createTestApp({ env });
  cleanups.push(() => server.dispose());
  const url = await listen(server.app);
  const { safeStorage } = createFakeElectron();
  const dir = await mkdtemp(path.join(tmpdir(), 'agence-main-backend-'));
  const sessionSecret = createSecretFile(path.join(dir, 'session.bin'), safeStorage, 'linux');
  // A sign-in's session is written in the background: the folder goes once every write is done
  // (removing it during one failed a fresh-clone run with ENOTEMPTY).
  cleanups.push(async () => {
    await sessionSecret.read();
    await rm(dir, { recursive: true, force: true });
  });
  const factory = createBackendFactory({ fetch: globalThis.fetch.bind(globalThis), sessionSecret });
  return { url, factory, sessionSecret, server };
}

describe('the main process’s backend on the local server', () => {
  it('signs in, receives messages live, and keeps the session for the next start', async () => {
    const { url, factory, sessionSecret } = await setup();
    const backend = await factory({ kind: 'server', url });
    expect(await backend.session.current()).toBeNull();
    await backend.session.signIn(ADMIN.email, ADMIN.password);
    expect(await sessionSecret.read()).toContain('"sid"');

    let latest: ContactMessage[] = [];
    const stop = backend.messages.watch({
      snapshot: (list) => (latest = list),
      changes: (changes) => (latest = applyInboxChanges(latest, changes)),
    });
    cleanups.push(stop);
    const response = await fetch(`${url}/api/contacts`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(VALID_CONTACT),
    });
    expect(response.status).toBe(201);
    const received = await waitForValue(
      () => latest.find((m) => m.subject === VALID_CONTACT.subject),
      'the message, live',
    );
    expect(received.fullName).toBe(VALID_CONTACT.fullName);

    // The next start: signed in already, with the stored cookie.
    const again = await factory({ kind: 'server', url });
    expect(await again.session.current()).toEqual({ email: ADMIN.email });

    await again.session.signOut();
    // The session is gone from the disk; the device cookie stays (the console remains a
    // device the owner signed in from).
    const stored = await sessionSecret.read();
    expect(stored).not.toContain('"sid"');
    expect(stored).toContain('"device"');
    expect(await backend.session.current()).toBeNull();
    await Promise.all([backend.close(), again.close()]);
  });

  it('ignores a stored session of another server', async () => {
    const { url, factory, sessionSecret } = await setup();
    await sessionSecret.write(
      JSON.stringify({
        origin: 'http://autre.example',
        cookies: [{ name: 'sid', value: 'x', expiresAt: null }],
      }),
    );
    const backend = await factory({ kind: 'server', url });
    expect(await backend.session.current()).toBeNull();
  });

  it('during an attack, signs the console in with the e-mailed link it is given (a browser cannot use it)', async () => {
    const smtp = await smtpStandIn((cleanup) => cleanups.push(cleanup));
    await smtp.start();
    const { url, factory, server } = await setup({
      SMTP_URL: smtp.url(),
      NOTIFY_EMAIL: 'notifications@agence.test',
      PUBLIC_URL: 'https://agence.test',
    });
    // Guesses from elsewhere until the account is throttled.
    for (let i = 0; ; i++) {
      const guess = await server.app.inject({
        method: 'POST',
        url: '/api/session',
        remoteAddress: `10.55.0.${i}`,
        payload: { email: ADMIN.email, password: 'mauvais mot de passe' },
      });
      if (guess.statusCode === 429) break;
      if (i > 20) throw new Error('the account is not throttled');
    }

    const backend = await factory({ kind: 'server', url });
    const refusal = await backend.session.signIn(ADMIN.email, ADMIN.password).catch((e) => e);
    expect(refusal).toBeInstanceOf(BackendError);
    expect(refusal).toMatchObject({ code: 'rate-limited', newDevice: 'link-sent' });
    expect(refusal.message).toMatch(/^Connexion depuis un nouvel appareil pendant une série/);
    const [mail] = await smtp.waitForMails(1);
    const token = newDeviceTokenFrom(mail?.text ?? '');
    if (!token) throw new Error(`no link in: ${mail?.text}`);

    // Opened in a browser (no cookie of the console's): refused, and not used up.
    const browser = await fetch(`${url}/api/session/new-device`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token }),
    });
    expect(browser.status).toBe(410);

    // Pasted into the console: signed in, and the console is a known device from now on.
    expect(await backend.session.openNewDeviceLink?.(token)).toEqual({ email: ADMIN.email });
    expect(await backend.session.current()).toEqual({ email: ADMIN.email });
    await backend.session.signOut();
    await backend.session.signIn(ADMIN.email, ADMIN.password);
    expect(await backend.session.current()).toEqual({ email: ADMIN.email });
    await backend.close();
  });
});
