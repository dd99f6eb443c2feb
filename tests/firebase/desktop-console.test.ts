/**
 * The desktop console on Firebase, for real: its main-process code (startDesktopApp, the
 * console service, the backend factory, the session kept with safeStorage) on the shared fake
 * of `electron` only, with the real Firebase adapter on the Auth and Firestore emulators. The
 * owner signs in; the console, started again on the same profile, is still signed in; a
 * message a visitor sends raises one native notification and the unread count follows; a
 * deletion updates it; the Firestore emulator restarted, the watch comes back by itself.
 * Signing out, or the account disabled, clears the kept session. « Envoyer » under an invoice:
 * the console has the client's link made by the function, and e-mailed.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createFirebaseBackend } from '../../shared/backend/firebase/index.ts';
import type { Backend } from '../../shared/backend/ports.ts';
import type { ContactFormValues } from '../../shared/domain/contact.ts';
import type { DesktopSettings, IpcResult } from '../../shared/ipc/contract.ts';
import { SESSION_FILE_NAME } from '../../src-electron/main/desktop-app.ts';
import {
  loadRules,
  startFirestoreEmulator,
  type FirestoreEmulator,
} from '../../scripts/firebase-emulators.ts';
import { createFakeElectron } from '../electron/fake-electron.ts';
import { startConsole, type StartedConsole } from '../electron/main/start-console.ts';
import { makeTempDir } from '../temp-dirs.ts';
import {
  startCallableFunctions,
  TEST_QUOTE_LINK_SECRET,
} from '../../scripts/functions-emulator.ts';
import { consoleAppCheckUrl } from '../../shared/backend/firebase/console-app-check-protocol.ts';
import type { SettingsView } from '../../shared/ipc/contract.ts';
import { DEMO_PROJECT, emulatorsForFile, present, resetAccounts, ROOT } from './emulators.ts';
import { aContactInput } from '../fixtures/messages.ts';
import { anIssuedInvoice } from '../fixtures/invoices.ts';
import {
  emptyLedgerOf,
  invoiceDocumentOf,
} from '../../shared/backend/firebase/invoice-documents.ts';

const available = emulatorsForFile('la console de bureau sur Firebase', import.meta.url);

const OWNER = { email: 'proprietaire@console.test', password: 'un mot de passe solide' };
const VISITOR = { email: 'curieux@console.test', password: 'un autre mot de passe' };
/** How long to wait for what takes no fixed time (the machine may be loaded). */
const WAIT = { timeout: 20_000 };
/** The bound the issue sets between a message stored and its notification. */
const NOTIFICATION_BOUND_MS = 2000;

function aMessage(subject: string): ContactFormValues {
  return aContactInput({
    subject,
    message: 'Bonjour, nous voudrions un site pour nos commandes.\nMerci.',
  });
}

/** The part of a kept Firebase user this test changes. */
interface KeptUser {
  stsTokenManager: { expirationTime: number };
}

function value<T>(result: unknown): T {
  const outcome = result as IpcResult<T>;
  if (!outcome.ok) throw new Error(`refusé : ${outcome.error.code} ${outcome.error.message}`);
  return outcome.value;
}

describe.skipIf(!available)('the desktop console on Firebase (emulators)', () => {
  let projectId = '';
  let authHost = '';
  // A Firestore emulator of this file's own: it is restarted below.
  let firestore: FirestoreEmulator;
  let adminApp: App;
  let adminAuth: Auth;
  let visitor: Backend;
  let functions: Awaited<ReturnType<typeof startCallableFunctions>>;
  const consoles: StartedConsole[] = [];

  beforeAll(async () => {
    const emulators = present(available);
    projectId = emulators.projectId;
    authHost = emulators.auth;
    firestore = await startFirestoreEmulator();
    await loadRules(firestore.host, projectId);
    process.env.FIREBASE_AUTH_EMULATOR_HOST = authHost;
    adminApp = initializeApp({ projectId: DEMO_PROJECT }, `desktop-console-${Date.now()}`);
    adminAuth = getAuth(adminApp);
    visitor = createFirebaseBackend({
      config: firebaseConfig(),
      appName: 'desktop-console-visitor',
      emulators: { auth: `http://${authHost}`, firestore: firestore.host },
    });
    // The console's App Check function, built from functions/ (see the entry for what differs).
    functions = await startFunctions();
  }, 180_000);

  /**
   * The product's functions for this file. `firestore`: their Admin SDK reads and writes this
   * file's Firestore emulator (the invoices' link function); only the test that needs it asks,
   * since the emulator is restarted under the others' feet.
   */
  function startFunctions(firestoreHost?: string) {
    return startCallableFunctions({
      projectId,
      entry: path.join(ROOT, 'tests/firebase/functions-with-emulator-app-check.ts'),
      ...(firestoreHost ? { firestore: firestoreHost } : {}),
      params: { NOTIFY_EMAIL: OWNER.email, PUBLIC_URL: 'https://agence.test' },
      secrets: {
        SMTP_URL: '',
        VAPID_PRIVATE_KEY: '',
        WEBHOOK_SECRET: '',
        QUOTE_LINK_SECRET: TEST_QUOTE_LINK_SECRET,
      },
    });
  }

  afterEach(() => {
    for (const started of consoles.splice(0)) started.handle?.service.dispose();
  });

  afterAll(async () => {
    await visitor?.close();
    if (adminApp) await deleteApp(adminApp);
    delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
    await firestore?.stop();
    await functions?.stop();
  }, 60_000);

  function firebaseConfig() {
    return {
      apiKey: 'fake-api-key',
      authDomain: `${projectId}.firebaseapp.com`,
      projectId,
      appId: '1:000000000000:web:0000000000000000',
    };
  }

  /** A console profile set on Firebase (what the settings screen saves). */
  async function firebaseProfile(): Promise<string> {
    const userData = makeTempDir('console-firebase');
    const settings: DesktopSettings = {
      backend: { kind: 'firebase', config: firebaseConfig() },
      openAtLogin: false,
    };
    await writeFile(path.join(userData, 'settings.json'), JSON.stringify(settings));
    return userData;
  }

  /** Starts the console's main process on this profile, on the emulators. */
  async function start(userData: string): Promise<StartedConsole> {
    const started = await startConsole({
      userData,
      realBackend: true,
      env: {
        FIREBASE_AUTH_EMULATOR_HOST: authHost,
        FIRESTORE_EMULATOR_HOST: firestore.host,
        FUNCTIONS_EMULATOR_HOST: functions.host,
      },
    });
    consoles.push(started);
    return started;
  }

  /** Quits the console (its service closes the Firebase app), as a restart does. */
  function quit(started: StartedConsole): void {
    started.handle?.service.dispose();
    consoles.splice(consoles.indexOf(started), 1);
  }

  const signedIn = async (started: StartedConsole) =>
    value<{ email: string } | null>(await started.invoke('session:current'));

  const sessionFile = (userData: string) =>
    readFile(path.join(userData, SESSION_FILE_NAME)).then(
      (bytes) => bytes.toString(),
      () => null,
    );

  it('stays signed in across a restart; signing out clears the kept session', async () => {
    await resetAccounts(adminAuth, [{ ...OWNER, admin: true }]);
    const userData = await firebaseProfile();
    const first = await start(userData);
    expect(await signedIn(first)).toBeNull();
    expect(value(await first.invoke('session:sign-in', OWNER.email, OWNER.password))).toEqual({
      email: OWNER.email,
    });
    await expect.poll(() => sessionFile(userData), WAIT).not.toBeNull();
    // Encrypted by safeStorage (the fake's reversible cipher): no token in clear.
    expect(await sessionFile(userData)).not.toContain('refreshToken');
    quit(first);

    const second = await start(userData);
    await expect.poll(() => signedIn(second), WAIT).toEqual({ email: OWNER.email });
    expect(value(await second.invoke('session:sign-out'))).toBeNull();
    await expect.poll(() => sessionFile(userData), WAIT).toBeNull();
    quit(second);

    const third = await start(userData);
    expect(await signedIn(third)).toBeNull();
  });

  it('forgets the kept session of an account disabled since', async () => {
    await resetAccounts(adminAuth, [{ ...OWNER, admin: true }]);
    const userData = await firebaseProfile();
    const first = await start(userData);
    value(await first.invoke('session:sign-in', OWNER.email, OWNER.password));
    await expect.poll(() => sessionFile(userData), WAIT).not.toBeNull();
    quit(first);

    const { uid } = await adminAuth.getUserByEmail(OWNER.email);
    await adminAuth.updateUser(uid, { disabled: true });
    const second = await start(userData);
    await expect.poll(() => sessionFile(userData), WAIT).toBeNull();
    expect(await signedIn(second)).toBeNull();
  });

  /**
   * Makes the kept ID token out of date, as it is the next morning (it lasts an hour): the
   * next start renews it with the kept refresh token. Through the fake safeStorage's cipher.
   */
  async function ageKeptSession(userData: string): Promise<void> {
    const { safeStorage } = createFakeElectron();
    const file = path.join(userData, SESSION_FILE_NAME);
    const { result } = await safeStorage.decryptStringAsync(await readFile(file));
    const kept = JSON.parse(result) as { values: Record<string, KeptUser> };
    for (const user of Object.values(kept.values)) user.stsTokenManager.expirationTime = 0;
    await writeFile(file, await safeStorage.encryptStringAsync(JSON.stringify(kept)));
  }

  it('forgets the kept session of an account whose admin claim was removed, at the next renewal', async () => {
    await resetAccounts(adminAuth, [{ ...OWNER, admin: true }]);
    const userData = await firebaseProfile();
    const first = await start(userData);
    value(await first.invoke('session:sign-in', OWNER.email, OWNER.password));
    await expect.poll(() => sessionFile(userData), WAIT).not.toBeNull();
    quit(first);

    await adminAuth.setCustomUserClaims((await adminAuth.getUserByEmail(OWNER.email)).uid, {});
    await ageKeptSession(userData);
    const second = await start(userData);
    await expect.poll(() => sessionFile(userData), WAIT).toBeNull();
    expect(await signedIn(second)).toBeNull();
  });

  it('forgets the kept session of an account whose sessions were revoked', async () => {
    await resetAccounts(adminAuth, [{ ...OWNER, admin: true }]);
    const userData = await firebaseProfile();
    const first = await start(userData);
    value(await first.invoke('session:sign-in', OWNER.email, OWNER.password));
    const signedInAt = Math.floor(Date.now() / 1000);
    await expect.poll(() => sessionFile(userData), WAIT).not.toBeNull();
    quit(first);

    // Revocation counts in whole seconds: a token of the same second would still pass. (The
    // Auth emulator checks it on the ID token; it does not revoke refresh tokens.)
    await expect.poll(() => Math.floor(Date.now() / 1000) > signedInAt, WAIT).toBe(true);
    await adminAuth.revokeRefreshTokens((await adminAuth.getUserByEmail(OWNER.email)).uid);
    const second = await start(userData);
    await expect.poll(() => sessionFile(userData), WAIT).toBeNull();
    expect(await signedIn(second)).toBeNull();
  });

  // The one bound in time the issue sets (2 s): a loaded CI machine may miss it once, so the
  // whole scene is tried again once before it fails.
  it(
    'notifies each new message once, within 2 s, with the unread count; a deletion updates it; the watch survives a Firestore restart',
    { retry: 1, timeout: 120_000 },
    async () => {
      await resetAccounts(adminAuth, [{ ...OWNER, admin: true }]);
      const userData = await firebaseProfile();
      const started = await start(userData);
      const { electron } = started;
      value(await started.invoke('session:sign-in', OWNER.email, OWNER.password));
      await expect.poll(() => started.handle?.service.snapshot().status, WAIT).toBe('live');
      const notifications = electron.fake.notifications;
      const before = notifications.length;
      const tray = () => electron.fake.trays[0]?.toolTip ?? '';

      const { id } = await visitor.messages.send(aMessage('Un site pour la boulangerie'));
      await expect
        .poll(() => notifications.length, { timeout: NOTIFICATION_BOUND_MS, interval: 20 })
        .toBe(before + 1);
      expect(notifications.at(-1)?.options.title).toContain('Un site pour la boulangerie');
      expect(notifications.at(-1)?.shown).toBe(true);
      expect(electron.app.badgeCount).toBe(1);
      expect(tray()).toContain('1');

      const second = await visitor.messages.send(aMessage('Une boutique en ligne'));
      await expect
        .poll(() => notifications.length, { timeout: NOTIFICATION_BOUND_MS, interval: 20 })
        .toBe(before + 2);
      expect(electron.app.badgeCount).toBe(2);

      // Deleted from elsewhere (the browser's dashboard): it no longer counts.
      await adminDelete(`contacts/${id}`);
      await expect.poll(() => electron.app.badgeCount, WAIT).toBe(1);
      expect(started.handle?.service.snapshot().messages?.map((m) => m.id)).toEqual([second.id]);

      // The Firestore emulator goes down and comes back (with its documents): the console
      // listens again by itself, and the next message notifies, once.
      await firestore.restart({ keepProject: projectId });
      await loadRules(firestore.host, projectId);
      await visitor.messages.send(aMessage('Après la coupure'));
      await expect
        .poll(() => notifications.filter((n) => n.options.title.includes('Après la coupure')), {
          timeout: 60_000,
        })
        .toHaveLength(1);
      expect(notifications).toHaveLength(before + 3);
      expect(electron.app.badgeCount).toBe(2);
    },
  );

  it('an account without the admin claim is refused, kept nowhere, and gets no messages', async () => {
    await resetAccounts(adminAuth, [{ ...OWNER, admin: true }, VISITOR]);
    const userData = await firebaseProfile();
    const started = await start(userData);
    const result = (await started.invoke(
      'session:sign-in',
      VISITOR.email,
      VISITOR.password,
    )) as IpcResult<unknown>;
    expect(result).toMatchObject({ ok: false, error: { code: 'not-admin' } });
    expect(await signedIn(started)).toBeNull();
    expect(await sessionFile(userData)).toBeNull();

    // An owner's dashboard elsewhere sees the message arrive; this console raises nothing.
    const dashboard = createFirebaseBackend({
      config: firebaseConfig(),
      appName: `desktop-console-dashboard-${Date.now()}`,
      emulators: { auth: `http://${authHost}`, firestore: firestore.host },
    });
    try {
      await dashboard.session.signIn(OWNER.email, OWNER.password);
      const seen: string[] = [];
      const stop = dashboard.messages.watch({
        snapshot: (messages) => seen.push(...messages.map((m) => m.subject)),
        changes: (changes) =>
          seen.push(...changes.flatMap((c) => (c.type === 'added' ? [c.message.subject] : []))),
      });
      const before = started.electron.fake.notifications.length;
      await visitor.messages.send(aMessage('Pour le propriétaire seulement'));
      await expect.poll(() => seen, WAIT).toContain('Pour le propriétaire seulement');
      stop();
      expect(started.electron.fake.notifications).toHaveLength(before);
      expect(started.handle?.service.snapshot().messages).toBeNull();
      expect(started.electron.app.badgeCount).toBe(0);
    } finally {
      await dashboard.close();
    }
  });

  /** An ID token of this account from the Auth emulator, as the SDK's sign-in gets it. */
  async function idTokenOf(account: { email: string; password: string }): Promise<string> {
    const response = await fetch(
      `http://${authHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=fake-api-key`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ ...account, returnSecureToken: true }),
      },
    );
    const body = (await response.json()) as { idToken?: string };
    if (!body.idToken) throw new Error(`connexion refusée : HTTP ${response.status}`);
    return body.idToken;
  }

  /** Calls the console's App Check function as the console does (the callable protocol). */
  async function askForToken(idToken?: string) {
    const response = await fetch(consoleAppCheckUrl(projectId, functions.host), {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        ...(idToken ? { Authorization: `Bearer ${idToken}` } : {}),
      },
      body: JSON.stringify({ data: { appId: firebaseConfig().appId } }),
    });
    return {
      status: response.status,
      body: (await response.json()) as {
        result?: { token: string; expireTimeMillis: number };
        error?: { status: string; message: string };
      },
    };
  }

  it('App Check: the function hands a token to the admin only; the console gets its own', async () => {
    await resetAccounts(adminAuth, [{ ...OWNER, admin: true }, VISITOR]);

    const anonymous = await askForToken();
    expect(anonymous.body.error?.status).toBe('UNAUTHENTICATED');
    expect(anonymous.body.result).toBeUndefined();
    const visitorAsks = await askForToken(await idTokenOf(VISITOR));
    expect(visitorAsks.status).toBe(403);
    expect(visitorAsks.body.error).toMatchObject({ status: 'PERMISSION_DENIED' });
    expect(visitorAsks.body.result).toBeUndefined();

    const ownerAsks = await askForToken(await idTokenOf(OWNER));
    expect(ownerAsks.status).toBe(200);
    const token = ownerAsks.body.result?.token ?? '';
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
      sub: string;
    };
    expect(payload.sub).toBe(firebaseConfig().appId);
    expect(ownerAsks.body.result?.expireTimeMillis).toBeGreaterThan(Date.now() + 50 * 60_000);

    // The console asks for it by itself once the owner is signed in, and says so.
    const started = await start(await firebaseProfile());
    const appCheck = async () => ((await started.invoke('settings:get')) as SettingsView).appCheck;
    expect(await appCheck()).not.toBe('active');
    value(await started.invoke('session:sign-in', OWNER.email, OWNER.password));
    await expect.poll(() => started.handle?.service.snapshot().status, WAIT).toBe('live');
    await expect.poll(appCheck, WAIT).toBe('active');
    expect(((await started.invoke('settings:get')) as SettingsView).keepsSession).toBe(true);
  });

  it('« Envoyer » under an invoice: the console has the function make the client’s link, which the client opens; the e-mail says why it did not leave', async () => {
    await resetAccounts(adminAuth, [{ ...OWNER, admin: true }]);
    // An invoice as issueInvoice writes it (Admin SDK), its lead gone (an accounting document).
    const { id, payments, credits, ...issued } = anIssuedInvoice({ id: 'facture-console' });
    expect([payments, credits]).toEqual([[], []]);
    const previous = process.env.FIRESTORE_EMULATOR_HOST;
    process.env.FIRESTORE_EMULATOR_HOST = firestore.host;
    const data = initializeApp({ projectId }, `desktop-console-factures-${Date.now()}`);
    try {
      const db = getFirestore(data);
      await db.doc(`invoices/${id}`).set(invoiceDocumentOf(issued));
      await db.doc(`invoiceLedgers/${id}`).set(emptyLedgerOf(issued));
    } finally {
      await deleteApp(data);
      if (previous === undefined) delete process.env.FIRESTORE_EMULATOR_HOST;
      else process.env.FIRESTORE_EMULATOR_HOST = previous;
    }

    // Functions that read this Firestore, for this test; the console is started on them.
    const shared = functions;
    functions = await startFunctions(firestore.host);
    const withData = functions;
    const started = await start(await firebaseProfile()).finally(() => {
      functions = shared;
    });
    try {
      value(await started.invoke('session:sign-in', OWNER.email, OWNER.password));
      const { link } = value<{ link: string }>(await started.invoke('invoices:link', id));
      // The console has no page of its own: the link opens the project's Hosting.
      expect(link).toMatch(
        new RegExp(`^https://${projectId}\\.web\\.app/pageFacture#[A-Za-z0-9_-]{43}$`, 'u'),
      );
      expect(value<{ link: string }>(await started.invoke('invoices:link', id)).link).toBe(link);
      // No SMTP_URL on these functions: the owner is told why, the link is given all the same.
      expect(
        value(await started.invoke('invoices:email-link', id, { email: 'compta@client.dz' })),
      ).toEqual({
        link,
        email: {
          to: 'compta@client.dz',
          sent: false,
          error: 'L’envoi d’e-mails n’est pas configuré (SMTP_URL).',
        },
      });

      // The client, without a session, reads it by the link's token.
      const client = createFirebaseBackend({
        config: firebaseConfig(),
        appName: 'desktop-console-client',
        emulators: {
          auth: `http://${authHost}`,
          firestore: firestore.host,
          functions: withData.host,
        },
      });
      try {
        const read = await client.invoices?.readByToken?.(new URL(link).hash.slice(1));
        expect(read).toMatchObject({ number: 'FAC-2026-0001', dueDate: '2026-12-26' });
        expect(read).not.toHaveProperty('leadId');
      } finally {
        await client.close();
      }
    } finally {
      quit(started);
      await withData.stop();
    }
  }, 240_000);

  /** Deletes a document as the rules let no one but an admin: through the emulator's REST. */
  async function adminDelete(document: string): Promise<void> {
    const response = await fetch(
      `http://${firestore.host}/v1/projects/${projectId}/databases/(default)/documents/${document}`,
      { method: 'DELETE', headers: { Authorization: 'Bearer owner' } },
    );
    await response.body?.cancel();
    if (!response.ok) throw new Error(`suppression refusée : HTTP ${response.status}`);
  }
});
