/**
 * The Firebase adapter's session against the real Firebase Auth emulator (pure Node, it
 * runs offline): the AdminSession contract, the refusal of an account without the `admin`
 * claim, and the `admin:grant` script.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BackendError } from '../../shared/backend/ports.ts';
import { createFirebaseBackend } from '../../shared/backend/firebase/index.ts';
import { NOT_AN_ADMIN } from '../../shared/domain/messages.ts';
import type { Admin, Backend } from '../../shared/backend/ports.ts';
import { describeAdminSessionContract } from '../shared/backend/contract.ts';
import { DEMO_PROJECT, emulatorsForFile, present, resetAccounts, ROOT } from './emulators.ts';

const run = promisify(execFile);
const available = emulatorsForFile('tests de l’émulateur Firebase Auth', import.meta.url);

const ADMIN = { email: 'proprietaire@agence.test', password: 'un mot de passe solide' };
const VISITOR = { email: 'visiteur@agence.test', password: 'un autre mot de passe' };

describe.skipIf(!available)('Firebase adapter + Auth emulator', () => {
  let authHost = '';
  let adminApp: App;
  let adminAuth: Auth;
  const backends: Backend[] = [];

  beforeAll(async () => {
    authHost = present(available).auth;
    // firebase-admin reads this when it sends a request.
    process.env.FIREBASE_AUTH_EMULATOR_HOST = authHost;
    adminApp = initializeApp({ projectId: DEMO_PROJECT }, `auth-emulator-test-${Date.now()}`);
    adminAuth = getAuth(adminApp);
  });

  afterAll(async () => {
    await Promise.all(backends.map((backend) => backend.close()));
    if (adminApp) await deleteApp(adminApp);
    delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
  });

  // The Auth emulator is the run's, shared with other files: these accounts are this file's.
  const resetOwnAccounts = () => resetAccounts(adminAuth, [{ ...ADMIN, admin: true }, VISITOR]);

  let clients = 0;
  /** A browser of its own: a separately named Firebase app. */
  function client(): Backend {
    clients += 1;
    const backend = createFirebaseBackend({
      config: {
        apiKey: 'fake-api-key',
        authDomain: `${DEMO_PROJECT}.firebaseapp.com`,
        projectId: DEMO_PROJECT,
        appId: '1:000000000000:web:0000000000000000',
      },
      appName: `client-${clients}`,
      // Nothing here reads messages: a closed port makes any attempt fail fast.
      emulators: { auth: `http://${authHost}`, firestore: '127.0.0.1:9' },
    });
    backends.push(backend);
    return backend;
  }

  describeAdminSessionContract('firebase adapter + Auth emulator', async () => {
    await resetOwnAccounts();
    const created: Backend[] = [];
    return {
      client: () => {
        const backend = client();
        created.push(backend);
        return backend;
      },
      admin: ADMIN,
      dispose: async () => {
        await Promise.all(created.map((backend) => backend.close()));
      },
    };
  });

  describe('the admin claim', () => {
    beforeEach(resetOwnAccounts);

    it('refuses an account without the claim, and leaves it signed out', async () => {
      const { session } = client();
      const seen: (Admin | null)[] = [];
      session.onChange((admin) => seen.push(admin));
      const error = await session.signIn(VISITOR.email, VISITOR.password).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(BackendError);
      expect(error).toMatchObject({ code: 'not-admin', message: NOT_AN_ADMIN });
      expect(await session.current()).toBeNull();
      // Whatever the refusal reported arrives before what a later sign-in reports: until the
      // admin's own session shows, the visitor was never reported as an admin, not even for a
      // moment.
      await session.signIn(ADMIN.email, ADMIN.password);
      await expect.poll(() => seen.at(-1)).toEqual({ email: ADMIN.email });
      const beforeAdmin = seen.slice(
        0,
        seen.findIndex((admin) => admin !== null),
      );
      expect(beforeAdmin.every((admin) => admin === null)).toBe(true);
      expect(seen.some((admin) => admin?.email === VISITOR.email)).toBe(false);
    });

    it('sees a claim granted after an earlier refusal at the next sign-in', async () => {
      const { session } = client();
      await expect(session.signIn(VISITOR.email, VISITOR.password)).rejects.toMatchObject({
        code: 'not-admin',
      });
      const visitor = await adminAuth.getUserByEmail(VISITOR.email);
      await adminAuth.setCustomUserClaims(visitor.uid, { admin: true });
      expect(await session.signIn(VISITOR.email, VISITOR.password)).toEqual({
        email: VISITOR.email,
      });
    });

    it('signs in an admin, then signs out', async () => {
      const { session } = client();
      expect(await session.signIn(ADMIN.email, ADMIN.password)).toEqual({ email: ADMIN.email });
      await session.signOut();
      expect(await session.current()).toBeNull();
    });
  });

  describe('npm run admin:grant', () => {
    beforeEach(resetOwnAccounts);

    const grant = (...args: string[]) =>
      run(process.execPath, [path.join(ROOT, 'scripts/admin-grant.ts'), ...args], {
        cwd: ROOT,
        env: {
          ...process.env,
          FIREBASE_AUTH_EMULATOR_HOST: authHost,
          FIREBASE_PROJECT_ID: DEMO_PROJECT,
          GOOGLE_APPLICATION_CREDENTIALS: '',
        },
      }).then(
        ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
        (error: { code: number; stdout: string; stderr: string }) => error,
      );

    it('gives an existing account the admin claim, keeping its other claims', async () => {
      const visitor = await adminAuth.getUserByEmail(VISITOR.email);
      await adminAuth.setCustomUserClaims(visitor.uid, { equipe: 'design' });

      const result = await grant(VISITOR.email);
      expect(result.code).toBe(0);
      expect(result.stdout).toContain(`Le compte ${VISITOR.email}`);
      expect(result.stdout).toContain('administrateur');
      const updated = await adminAuth.getUser(visitor.uid);
      expect(updated.customClaims).toEqual({ equipe: 'design', admin: true });

      // And the adapter lets that account in.
      const { session } = client();
      expect(await session.signIn(VISITOR.email, VISITOR.password)).toEqual({
        email: VISITOR.email,
      });
    });

    it('says in French when no account has that e-mail', async () => {
      const result = await grant('personne@agence.test');
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(
        "Aucun compte Firebase Authentication n'a l'adresse personne@agence.test",
      );
    });

    it('explains its usage when the e-mail is missing or invalid', async () => {
      const missing = await grant();
      expect(missing.code).toBe(2);
      expect(missing.stderr).toContain('Utilisation : npm run admin:grant -- <adresse e-mail>');
      const invalid = await grant('pas-une-adresse');
      expect(invalid.code).toBe(2);
      expect(invalid.stderr).toContain('Adresse e-mail invalide');
    });
  });
});
