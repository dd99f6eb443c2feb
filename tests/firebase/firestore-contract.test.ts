/**
 * The port contract suite (the one the embedded server passes, tests/shared/backend) for the
 * Firebase adapter, on the run's Auth and Firestore emulators with the project's rules: send,
 * watch (a first snapshot, then only changes), order, a list longer than a page, mark read,
 * delete one and many, a second client seeing the first one's changes live; and a restart of
 * the Firestore emulator, on an emulator of this file's own (the run's one serves other files).
 */
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { afterAll, beforeAll, describe } from 'vitest';
import {
  clearFirestore,
  loadRules,
  startFirestoreEmulator,
} from '../../scripts/firebase-emulators.ts';
import { createFirebaseBackend } from '../../shared/backend/firebase/index.ts';
import type { Backend } from '../../shared/backend/ports.ts';
import {
  describeBackendContract,
  describeRestartContract,
  type ContractHarness,
} from '../shared/backend/contract.ts';
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

  /** Clients of the Firebase backend on this Firestore, each a browser of its own. */
  function harnessOn(firestore: string): ContractHarness {
    const created: Backend[] = [];
    return {
      client: () => {
        clients += 1;
        const backend = createFirebaseBackend({
          config: {
            apiKey: 'fake-api-key',
            authDomain: `${emulators.projectId}.firebaseapp.com`,
            projectId: emulators.projectId,
            appId: '1:000000000000:web:0000000000000000',
          },
          appName: `contract-client-${clients}`,
          emulators: { auth: `http://${emulators.auth}`, firestore },
        });
        created.push(backend);
        return backend;
      },
      admin: ADMIN,
      dispose: async () => {
        await Promise.all(created.map((backend) => backend.close()));
      },
    };
  }

  describeBackendContract(
    'firebase adapter + emulators',
    async () => {
      await clearFirestore(emulators.firestore, emulators.projectId);
      await resetAccounts(adminAuth, [{ ...ADMIN, admin: true }]);
      return harnessOn(emulators.firestore);
    },
    { notifiesOwner: false, marksSpam: true },
  );

  describeRestartContract(
    'firebase adapter + Firestore emulator restarted on its data',
    async () => {
      await resetAccounts(adminAuth, [{ ...ADMIN, admin: true }]);
      const own = await startFirestoreEmulator();
      await loadRules(own.host, emulators.projectId);
      const harness = harnessOn(own.host);
      return {
        ...harness,
        restart: async (whileDown) => {
          await own.restart({ keepProject: emulators.projectId, whileDown });
          await loadRules(own.host, emulators.projectId);
        },
        dispose: async () => {
          await harness.dispose();
          await own.stop();
        },
      };
    },
  );
});
