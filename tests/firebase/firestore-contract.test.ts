/**
 * The port contract suite (the one the local backend passes) for the Firebase adapter,
 * against the Auth and Firestore emulators with the project's rules. The Firestore emulator
 * needs Java 21 and its jar; elsewhere this file skips, saying why (the session half of the
 * contract runs in auth-emulator.test.ts, against the Auth emulator alone).
 */
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { afterAll, beforeAll, describe } from 'vitest';
import { createFirebaseBackend } from '../../shared/backend/firebase/index.ts';
import type { Backend } from '../../shared/backend/ports.ts';
import { describeBackendContract } from '../shared/backend/contract.ts';
import { clearFirestore, loadRules } from '../../scripts/firebase-emulators.ts';
import {
  DEMO_PROJECT,
  emulatorsForFile,
  present,
  resetAccounts,
  type FileEmulators,
} from './emulators.ts';

const available = emulatorsForFile(
  'contrat des ports pour l’adaptateur Firebase (Firestore)',
  import.meta.url,
);

const ADMIN = { email: 'proprietaire@contrat.test', password: 'un mot de passe solide' };

describe.skipIf(!available)('Firebase adapter + Auth and Firestore emulators', () => {
  let emulators: FileEmulators;
  let adminApp: App;
  let adminAuth: Auth;
  let clients = 0;

  beforeAll(async () => {
    emulators = present(available);
    await loadRules(emulators.firestore, emulators.projectId);
    process.env.FIREBASE_AUTH_EMULATOR_HOST = emulators.auth;
    adminApp = initializeApp({ projectId: DEMO_PROJECT }, `contract-test-${Date.now()}`);
    adminAuth = getAuth(adminApp);
  });

  afterAll(async () => {
    if (adminApp) await deleteApp(adminApp);
    delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
  });

  async function reset() {
    await clearFirestore(emulators.firestore, emulators.projectId);
    await resetAccounts(adminAuth, [{ ...ADMIN, admin: true }]);
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
            projectId: emulators.projectId,
            appId: '1:000000000000:web:0000000000000000',
          },
          appName: `contract-client-${clients}`,
          emulators: {
            auth: `http://${emulators.auth}`,
            firestore: emulators.firestore,
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
