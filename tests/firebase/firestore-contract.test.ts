/**
 * The port contract suite (the one the local backend passes) for the Firebase adapter,
 * against the Auth and Firestore emulators with the project's rules. The Firestore emulator
 * needs Java 21 and its jar; elsewhere this file skips, saying why (the session half of the
 * contract runs in auth-emulator.test.ts, against the Auth emulator alone).
 */
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { createFirebaseBackend } from '../../shared/backend/firebase/index.ts';
import type { Backend } from '../../shared/backend/ports.ts';
import { describeBackendContract } from '../shared/backend/contract.ts';
import {
  DEMO_PROJECT,
  startEmulatorsOrSkip,
  startedEmulators,
  type RunningEmulators,
} from './emulators.ts';

const available = await startEmulatorsOrSkip(
  'contrat des ports pour l’adaptateur Firebase (Firestore)',
  ['auth', 'firestore'],
);

const ADMIN = { email: 'proprietaire@agence.test', password: 'un mot de passe solide' };

describe.skipIf(!available)('Firebase adapter + Auth and Firestore emulators', () => {
  let emulators: RunningEmulators;
  let adminApp: App;
  let adminAuth: Auth;
  let clients = 0;

  beforeAll(async () => {
    emulators = startedEmulators(available);
    process.env.FIREBASE_AUTH_EMULATOR_HOST = emulators.hosts.auth;
    adminApp = initializeApp({ projectId: DEMO_PROJECT }, `contract-test-${Date.now()}`);
    adminAuth = getAuth(adminApp);
  });

  afterAll(async () => {
    if (adminApp) await deleteApp(adminApp);
    delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
    await emulators?.stop();
  }, 30_000);

  async function reset() {
    const { auth, firestore } = emulators.hosts;
    const cleared = await Promise.all([
      fetch(`http://${auth}/emulator/v1/projects/${DEMO_PROJECT}/accounts`, { method: 'DELETE' }),
      fetch(
        `http://${firestore}/emulator/v1/projects/${DEMO_PROJECT}/databases/(default)/documents`,
        { method: 'DELETE' },
      ),
    ]);
    expect(cleared.every((response) => response.ok)).toBe(true);
    const admin = await adminAuth.createUser(ADMIN);
    await adminAuth.setCustomUserClaims(admin.uid, { admin: true });
  }

  describeBackendContract('firebase adapter + emulators', async () => {
    await reset();
    const created: Backend[] = [];
    return {
      client: () => {
        clients += 1;
        const backend = createFirebaseBackend({
          config: {
            apiKey: 'fake-api-key',
            authDomain: `${DEMO_PROJECT}.firebaseapp.com`,
            projectId: DEMO_PROJECT,
            appId: '1:000000000000:web:0000000000000000',
          },
          appName: `contract-client-${clients}`,
          emulators: {
            auth: `http://${emulators.hosts.auth}`,
            firestore: emulators.hosts.firestore ?? '',
          },
        });
        created.push(backend);
        return backend;
      },
      admin: ADMIN,
      dispose: async () => {
        await Promise.all(created.map((backend) => backend.close()));
      },
    };
  });
});
