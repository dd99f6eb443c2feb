/**
 * firestore.rules' cap on a kept sign-in (docs/firebase.md, « Rester connecté »), on the
 * Firestore emulator: an admin token whose sign-in (`auth_time`) is older than
 * REMEMBERED_SESSION_DAYS reads and writes nothing an admin may; a younger one does, as
 * before. The cap is the server's (the emulator's request.time): a browser that keeps its
 * token, or sets its clock back, is refused all the same.
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
import { afterAll, afterEach, beforeAll, describe, it } from 'vitest';
import { parseHostPort } from '../../shared/backend/firebase/app.ts';
import { REMEMBERED_SESSION_MS } from '../../shared/domain/admin.ts';
import { RULES_FILE } from '../../scripts/firebase-emulators.ts';
import { aContactDocument } from '../fixtures/messages.ts';
import { adminClaims, emulatorsForFile, present } from './emulators.ts';

const available = emulatorsForFile('règles Firestore : âge de la connexion', import.meta.url);
const { FieldValue, Timestamp } = firebase.firestore;

// Far enough from the bound that the test's clock and the emulator's never disagree.
const MARGIN_MS = 10 * 60_000;

/**
 * Every collection an admin reads (the dashboard's folders, its warnings, « Réglages »), all
 * listed but the series of quote numbers (one document, read by its id).
 */
const ADMIN_READS = [
  ['contacts', 'm1'],
  ['spam', 's1'],
  ['leads', 'm1'],
  ['quotes', 'q1'],
  ['quoteCounters', 'current'],
  ['pushSubscriptions', 'p1'],
  ['notificationStatus', 'email'],
  ['notificationDeliveries', 'm1'],
  ['whatsappTaps', 't1'],
] as const;

describe.skipIf(!available)('firestore.rules: how old an admin’s sign-in may be', () => {
  let env: RulesTestEnvironment;

  beforeAll(async () => {
    const emulators = present(available);
    const { host, port } = parseHostPort(emulators.firestore);
    env = await initializeTestEnvironment({
      projectId: emulators.projectId,
      firestore: { host, port, rules: readFileSync(RULES_FILE, 'utf8') },
    });
  });

  afterEach(async () => {
    await env?.clearFirestore();
  });

  afterAll(async () => {
    await env?.cleanup();
  });

  /** An admin signed in `ago` milliseconds before now. */
  const signedIn = (ago: number) =>
    env
      .authenticatedContext('proprietaire', adminClaims({ email: 'p@agence.test' }, ago))
      .firestore();
  const tooOld = () => signedIn(REMEMBERED_SESSION_MS + MARGIN_MS);
  const stillYoung = () => signedIn(REMEMBERED_SESSION_MS - MARGIN_MS);

  async function seed() {
    await env.withSecurityRulesDisabled(async (context) => {
      const db = context.firestore();
      const received = Timestamp.now();
      await db.doc('contacts/m1').set({ ...aContactDocument(), timestamp: received });
      await db.doc('contacts/m2').set({ ...aContactDocument(), timestamp: received });
      await db
        .doc('spam/s1')
        .set({ ...aContactDocument(), timestamp: received, spamReason: 'too-fast' });
      await db.doc('leads/m1').set({
        status: 'contacte',
        lostReason: null,
        statusChangedAt: received,
        nextActionAt: null,
        estimatedValue: null,
      });
      await db.doc('quotes/q1').set({ leadId: 'm1', status: 'brouillon' });
      await db.doc('quoteCounters/current').set({ last: 1 });
      await db.doc('pushSubscriptions/p1').set({ endpoint: 'https://push.example/1' });
      await db.doc('notificationStatus/email').set({ lastSuccessAt: received });
      await db.doc('notificationDeliveries/m1').set({ pending: [] });
      await db.doc('whatsappTaps/t1').set({ at: received });
      await db.doc('settings/current').set({ versionId: 'v1' });
    });
  }

  it(`refuses every admin read once the sign-in is more than ${REMEMBERED_SESSION_MS / 86_400_000} days old`, async () => {
    await seed();
    const db = tooOld();
    for (const [collection, id] of ADMIN_READS) {
      await assertFails(db.collection(collection).doc(id).get());
      if (collection !== 'quoteCounters') await assertFails(db.collection(collection).get());
    }
    await assertFails(db.doc('settings/current').get());
    await assertFails(db.collection('settings/current/versions').get());
  });

  it('refuses every admin write of such a sign-in: marking, deleting, typing in, subscribing', async () => {
    await seed();
    const db = tooOld();
    await assertFails(db.doc('contacts/m1').update({ read: true }));
    await assertFails(db.doc('contacts/m2').delete());
    await assertFails(db.doc('spam/s1').delete());
    await assertFails(
      db.doc('contacts/typed').set({
        fullName: 'Client Exemple',
        source: 'telephone',
        phone: '+213550123456',
        read: true,
        timestamp: FieldValue.serverTimestamp(),
      }),
    );
    await assertFails(
      db.doc('pushSubscriptions/p2').set({
        endpoint: 'https://push.example/2',
        keys: { p256dh: 'BCD', auth: 'xyz' },
        createdAt: FieldValue.serverTimestamp(),
      }),
    );
  });

  it('lets a sign-in just younger than the cap read and write as before', async () => {
    await seed();
    const db = stillYoung();
    for (const [collection, id] of ADMIN_READS) {
      await assertSucceeds(db.collection(collection).doc(id).get());
      if (collection !== 'quoteCounters') await assertSucceeds(db.collection(collection).get());
    }
    await assertSucceeds(db.doc('settings/current').get());
    await assertSucceeds(db.doc('contacts/m1').update({ read: true }));
    await assertSucceeds(db.doc('contacts/m2').delete());
    await assertSucceeds(db.doc('spam/s1').delete());
    await assertSucceeds(
      db.doc('contacts/typed').set({
        fullName: 'Client Exemple',
        source: 'telephone',
        phone: '+213550123456',
        read: true,
        timestamp: FieldValue.serverTimestamp(),
      }),
    );
    await assertSucceeds(
      db.doc('pushSubscriptions/p2').set({
        endpoint: 'https://push.example/2',
        keys: { p256dh: 'BCD', auth: 'xyz' },
        createdAt: FieldValue.serverTimestamp(),
      }),
    );
  });

  it('refuses a token without a sign-in time, or with one that is not a number', async () => {
    await seed();
    for (const authTime of [null, 'hier']) {
      const db = env
        .authenticatedContext('proprietaire', adminClaims({ auth_time: authTime }))
        .firestore();
      await assertFails(db.doc('contacts/m1').get());
    }
  });
});
