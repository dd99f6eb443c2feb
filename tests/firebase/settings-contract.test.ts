/**
 * « Réglages » on Firebase: the settings' contract (tests/shared/backend/settings-contract.ts,
 * the one the embedded server passes) for the Firestore adapter, on the run's Auth and
 * Firestore emulators with the project's rules; and the rules themselves
 * (@firebase/rules-unit-testing): the document and its versions are the owner's only, a save
 * writes its version with it, signed and dated by the server, and a version never changes.
 */
import { readFileSync } from 'node:fs';
import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import firebase from 'firebase/compat/app';
import 'firebase/compat/firestore';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { afterAll, afterEach, beforeAll, describe, it } from 'vitest';
import { clearFirestore, loadRules, RULES_FILE } from '../../scripts/firebase-emulators.ts';
import { parseHostPort } from '../../shared/backend/firebase/app.ts';
import { createFirebaseBackend } from '../../shared/backend/firebase/index.ts';
import type { Backend } from '../../shared/backend/ports.ts';
import { defaultSettings } from '../../shared/domain/settings/effective.ts';
import { settingsSchema } from '../../shared/domain/settings/settings.ts';
import { aFilledSettings } from '../fixtures/settings.ts';
import { describeSettingsContract } from '../shared/backend/settings-contract.ts';
import {
  adminClaims,
  DEMO_PROJECT,
  emulatorsForFile,
  present,
  resetAccounts,
} from './emulators.ts';

const available = emulatorsForFile('« Réglages » sur Firebase (émulateurs)', import.meta.url);

const ADMIN = { email: 'proprietaire@reglages.test', password: 'un mot de passe solide' };

describe.skipIf(!available)('« Réglages » on Firebase: the Firestore adapter', () => {
  let adminApp: App;
  let adminAuth: Auth;
  let clients = 0;

  beforeAll(async () => {
    const emulators = present(available);
    await loadRules(emulators.firestore, emulators.projectId);
    process.env.FIREBASE_AUTH_EMULATOR_HOST = emulators.auth;
    adminApp = initializeApp({ projectId: DEMO_PROJECT }, `settings-test-${Date.now()}`);
    adminAuth = getAuth(adminApp);
  });

  afterAll(async () => {
    if (adminApp) await deleteApp(adminApp);
    delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
  });

  describeSettingsContract('firebase adapter + emulators', async () => {
    const emulators = present(available);
    await clearFirestore(emulators.firestore, emulators.projectId);
    await resetAccounts(adminAuth, [{ ...ADMIN, admin: true }]);
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
          appName: `settings-client-${clients}`,
          emulators: { auth: `http://${emulators.auth}`, firestore: emulators.firestore },
          settings: {
            defaults: { digestTime: '09:30', notifyEmail: 'proprietaire@agence.test' },
          },
        });
        created.push(backend);
        return backend;
      },
      admin: ADMIN,
      defaults: { digestTime: '09:30', email: 'proprietaire@agence.test' },
      dispose: async () => {
        await Promise.all(created.map((backend) => backend.close()));
      },
    };
  });
});

describe.skipIf(!available)('firestore.rules: « Réglages » (settings/current)', () => {
  let env: RulesTestEnvironment;
  const { FieldValue, Timestamp } = firebase.firestore;

  beforeAll(async () => {
    const emulators = present(available);
    const { host, port } = parseHostPort(emulators.firestore);
    env = await initializeTestEnvironment({
      projectId: `${emulators.projectId}-rules`,
      firestore: { host, port, rules: readFileSync(RULES_FILE, 'utf8') },
    });
  });
  afterEach(async () => {
    await env?.clearFirestore();
  });
  afterAll(async () => {
    await env?.cleanup();
  });

  const OWNER = 'p@agence.test';
  const admin = () =>
    env.authenticatedContext('proprietaire', adminClaims({ email: OWNER })).firestore();
  const notAdmins = () => [
    env.unauthenticatedContext().firestore(),
    env.authenticatedContext('visiteur', { email: 'v@agence.test' }).firestore(),
    env.authenticatedContext('faux', { email: 'f@agence.test', admin: 'true' }).firestore(),
  ];
  const filled = () => settingsSchema.parse(aFilledSettings(defaultSettings()));
  const record = (extra: Record<string, unknown> = {}) => ({
    settings: filled(),
    savedAt: FieldValue.serverTimestamp(),
    savedBy: OWNER,
    ...extra,
  });

  /** A save as the adapter writes it: the version and the document naming it, in one batch. */
  function save(
    db: firebase.firestore.Firestore,
    options: {
      versionId?: string;
      current?: Record<string, unknown>;
      version?: Record<string, unknown>;
    } = {},
  ) {
    const versionId = options.versionId ?? 'v1';
    const current = db.collection('settings').doc('current');
    const batch = db.batch();
    batch.set(current.collection('versions').doc(versionId), options.version ?? record());
    batch.set(current, options.current ?? { ...record(), versionId });
    return batch.commit();
  }

  it('lets the owner save, with its version, and read them; nobody else', async () => {
    for (const db of notAdmins()) {
      await assertFails(save(db));
      await assertFails(db.doc('settings/current').get());
      await assertFails(db.collection('settings/current/versions').get());
    }
    await assertSucceeds(save(admin()));
    await assertSucceeds(admin().doc('settings/current').get());
    await assertSucceeds(admin().collection('settings/current/versions').get());
    for (const db of notAdmins()) {
      await assertFails(db.doc('settings/current').get());
      await assertFails(db.doc('settings/current/versions/v1').get());
    }
    // A second save, a second version: the first stays.
    await assertSucceeds(save(admin(), { versionId: 'v2' }));
  });

  it('keeps each version: a save without its version, or reusing one, is refused; a version never changes', async () => {
    const db = admin();
    await assertFails(db.doc('settings/current').set({ ...record(), versionId: 'v1' }));
    await assertFails(db.doc('settings/current/versions/v1').set(record()));
    await assertSucceeds(save(db));
    await assertFails(save(db)); // v1 again
    await assertFails(db.doc('settings/current/versions/v1').set(record()));
    await assertFails(db.doc('settings/current/versions/v1').update({ savedBy: OWNER }));
    await assertFails(db.doc('settings/current/versions/v1').delete());
    await assertFails(db.doc('settings/current').delete());
    // The version holds what the document holds.
    const other = { ...filled(), notifications: { digestTime: 'off', email: '' } };
    await assertFails(save(db, { versionId: 'v3', version: record({ settings: other }) }));
  });

  it('refuses a save not dated by the server, signed by another, or not shaped as the settings', async () => {
    const db = admin();
    const cases: Record<string, unknown>[] = [
      { savedAt: Timestamp.fromMillis(Date.now() - 60_000) },
      { savedBy: 'autre@agence.test' },
      { settings: { ...filled(), extra: {} } },
      { settings: { agency: filled().agency } },
      { settings: { ...filled(), hours: { ...filled().hours, days: [] } } },
      { note: 'en plus' },
    ];
    for (const [index, change] of cases.entries()) {
      const versionId = `c${index}`;
      await assertFails(
        save(db, {
          versionId,
          version: record(change),
          current: { ...record(change), versionId },
        }),
      );
    }
    // Only settings/current: no other document of the collection.
    const other = db.collection('settings').doc('autre');
    await assertFails(other.set({ ...record(), versionId: 'x' }));
  });
});
