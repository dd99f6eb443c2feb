/**
 * The Firebase adapter's session signs out by itself once its sign-in is
 * REMEMBERED_SESSION_DAYS old (docs/firebase.md, « Rester connecté »), on the real Auth
 * emulator: the owner signs in with « Rester connecté sur cet appareil », the signed-in user
 * is kept (the desktop console's persistence, the one Node can keep), and the adapter opened
 * again 30 days later finds it too old, signs out (the kept user is forgotten) and says why
 * for the sign-in page; a day earlier, the owner is still signed in. The Auth emulator dates
 * a sign-in now (`auth_time`): the adapter's clock is moved instead. firestore.rules' own
 * refusal, on the server's clock, is sign-in-age-rules.test.ts's.
 */
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Backend } from '../../shared/backend/ports.ts';
import { createFirebaseBackend } from '../../shared/backend/firebase/index.ts';
import { REMEMBERED_SESSION_MS, SIGN_IN_TOO_OLD } from '../../shared/domain/admin.ts';
import { secretFilePersistence } from '../../src-electron/main/firebase-session-store.ts';
import type { SecretFile } from '../../src-electron/main/secret-file.ts';
import { DEMO_PROJECT, emulatorsForFile, present, resetAccounts } from './emulators.ts';

const available = emulatorsForFile('âge d’une connexion Firebase', import.meta.url);

const OWNER = { email: 'age-proprietaire@agence.test', password: 'un mot de passe solide' };
const DAY_MS = 86_400_000;

let secrets = 0;

/** A secret file in memory: what the console keeps between two launches. */
function memorySecret(): SecretFile & { readonly text: string | null; readonly name: string } {
  let text: string | null = null;
  secrets += 1;
  return {
    name: `sign-in-age-${secrets}`,
    get text() {
      return text;
    },
    read: () => Promise.resolve(text),
    write: (value) => {
      text = value;
      return Promise.resolve();
    },
  };
}

describe.skipIf(!available)('a kept Firebase sign-in, 30 days later', () => {
  let authHost = '';
  let adminApp: App;
  let adminAuth: Auth;
  const backends: Backend[] = [];

  beforeAll(() => {
    authHost = present(available).auth;
    process.env.FIREBASE_AUTH_EMULATOR_HOST = authHost;
    adminApp = initializeApp({ projectId: DEMO_PROJECT }, `sign-in-age-test-${Date.now()}`);
    adminAuth = getAuth(adminApp);
  });

  beforeEach(async () => {
    await resetAccounts(adminAuth, [{ ...OWNER, admin: true }]);
  });

  afterAll(async () => {
    // Those a test closed already refuse a second close: nothing to do for them.
    await Promise.allSettled(backends.map((backend) => backend.close()));
    if (adminApp) await deleteApp(adminApp);
    delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
  });

  /**
   * The adapter opened with this kept user, its clock `laterMs` ahead of now. One name per
   * kept user: Firebase keeps the user under the app's name, as the console does (one app).
   */
  function open(secret: SecretFile & { readonly name: string }, laterMs = 0): Backend {
    const backend = createFirebaseBackend({
      config: {
        apiKey: 'fake-api-key',
        authDomain: `${DEMO_PROJECT}.firebaseapp.com`,
        projectId: DEMO_PROJECT,
        appId: '1:000000000000:web:0000000000000000',
      },
      appName: secret.name,
      emulators: { auth: `http://${authHost}`, firestore: '127.0.0.1:9' },
      authPersistence: secretFilePersistence(secret, DEMO_PROJECT),
      sessionClock: () => Date.now() + laterMs,
    });
    backends.push(backend);
    return backend;
  }

  async function signInAndClose(secret: ReturnType<typeof memorySecret>): Promise<void> {
    const first = open(secret);
    await first.session.signIn(OWNER.email, OWNER.password, { remember: true });
    expect(first.session.endNotice?.()).toBeNull();
    await first.close();
    expect(await secret.read()).not.toBeNull();
  }

  it('opened again 30 days after the sign-in: signed out, the kept user forgotten, and why', async () => {
    const secret = memorySecret();
    await signInAndClose(secret);

    const later = open(secret, REMEMBERED_SESSION_MS + 60_000);
    expect(await later.session.current()).toBeNull();
    expect(later.session.endNotice?.()).toBe(SIGN_IN_TOO_OLD);
    // Signed out for good: a third launch, at any date, finds no one.
    await expect.poll(() => secret.text).toBeNull();
    await later.close();
    const again = open(secret);
    expect(await again.session.current()).toBeNull();
    expect(again.session.endNotice?.()).toBeNull();

    // Signing in again starts a new 30 days.
    const admin = await again.session.signIn(OWNER.email, OWNER.password, { remember: true });
    expect(admin.email).toBe(OWNER.email);
    expect(await again.session.current()).toEqual({ email: OWNER.email });
  });

  it('opened again a day before: still signed in', async () => {
    const secret = memorySecret();
    await signInAndClose(secret);

    const later = open(secret, REMEMBERED_SESSION_MS - DAY_MS);
    expect(await later.session.current()).toEqual({ email: OWNER.email });
    expect(later.session.endNotice?.()).toBeNull();
    expect(secret.text).not.toBeNull();
  });
});
