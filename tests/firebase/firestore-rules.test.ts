/**
 * firestore.rules against the real Firestore emulator (@firebase/rules-unit-testing): the
 * public may only create valid messages, only admins may read, nobody updates or deletes.
 * The emulator needs Java 21 and its jar; elsewhere these tests skip, saying why.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
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
import { CONTACT_LIMITS } from '../../shared/domain/contact.ts';
import { emulatorsForFile, present, ROOT } from './emulators.ts';

const available = emulatorsForFile('tests des règles Firestore (firestore.rules)', import.meta.url);

const { FieldValue, Timestamp } = firebase.firestore;

/** A message as the site sends it. */
function valid(): Record<string, unknown> {
  return {
    fullName: 'Transport Oran Sud',
    service: 'Développement',
    email: 'contact@transport-oran-sud.dz',
    phone: '+213661234567',
    subject: 'Application mobile',
    message: 'Bonjour, nous aimerions une application pour nos clients.',
    timestamp: FieldValue.serverTimestamp(),
  };
}

function without(field: string): Record<string, unknown> {
  return Object.fromEntries(Object.entries(valid()).filter(([name]) => name !== field));
}

const emailOfLength = (length: number) =>
  `${'a'.repeat(length - '@example.com'.length)}@example.com`;

describe.skipIf(!available)('firestore.rules, against the Firestore emulator', () => {
  let env: RulesTestEnvironment;

  beforeAll(async () => {
    const emulators = present(available);
    const { host, port } = parseHostPort(emulators.firestore);
    env = await initializeTestEnvironment({
      projectId: emulators.projectId,
      firestore: { host, port, rules: readFileSync(path.join(ROOT, 'firestore.rules'), 'utf8') },
    });
  });

  afterEach(async () => {
    await env?.clearFirestore();
  });

  afterAll(async () => {
    await env?.cleanup();
  });

  const anonymous = () => env.unauthenticatedContext().firestore();
  const visitor = () =>
    env.authenticatedContext('visiteur', { email: 'v@agence.test' }).firestore();
  const admin = () =>
    env.authenticatedContext('proprietaire', { email: 'p@agence.test', admin: true }).firestore();

  async function seed(id: string) {
    await env.withSecurityRulesDisabled(async (context) => {
      await context
        .firestore()
        .collection('contacts')
        .doc(id)
        .set({ ...valid(), timestamp: Timestamp.now() });
    });
  }

  describe('creating', () => {
    it('lets anyone, signed in or not, create a valid message', async () => {
      await assertSucceeds(anonymous().collection('contacts').add(valid()));
      await assertSucceeds(visitor().collection('contacts').add(valid()));
    });

    it('accepts every field at its upper bound', async () => {
      await assertSucceeds(
        anonymous()
          .collection('contacts')
          .add({
            ...valid(),
            fullName: 'N'.repeat(CONTACT_LIMITS.fullName.max),
            email: emailOfLength(CONTACT_LIMITS.email.max),
            phone: `+1${'2'.repeat(14)}`,
            subject: 'S'.repeat(CONTACT_LIMITS.subject.max),
            message: 'M'.repeat(CONTACT_LIMITS.message.max),
          }),
      );
    });

    it.each([
      ['an extra field', { ...valid(), website: 'http://spam.example' }],
      ['a missing field', without('subject')],
      ['no timestamp', without('timestamp')],
      ['a phone as a number', { ...valid(), phone: 661234567 }],
      ['a name that is not text', { ...valid(), fullName: ['Transport Oran Sud'] }],
      ['an unknown service', { ...valid(), service: 'Plomberie' }],
      ['a phone as typed, not in E.164', { ...valid(), phone: '0661234567' }],
      ['a phone with spaces', { ...valid(), phone: '+213 661 234 567' }],
      ['a phone stored the old way (digits only)', { ...valid(), phone: '661234567' }],
      ['an e-mail without @', { ...valid(), email: 'transport-oran-sud.dz' }],
      ['an empty name', { ...valid(), fullName: '' }],
      ['a one-letter name', { ...valid(), fullName: 'K' }],
      ['a nine-letter message', { ...valid(), message: 'Bonjour !' }],
      ['a name that reads backwards', { ...valid(), fullName: 'Entreprise \u202Eelpmexe' }],
      ['a subject of invisible characters', { ...valid(), subject: '\u200B\u200C\u200D' }],
      ['a subject on two lines', { ...valid(), subject: 'Devis\nurgent' }],
      ['an e-mail with two dots in a row', { ...valid(), email: 'contact..sud@transport-oran.dz' }],
      ['an oversize name', { ...valid(), fullName: 'N'.repeat(CONTACT_LIMITS.fullName.max + 1) }],
      ['an oversize e-mail', { ...valid(), email: emailOfLength(CONTACT_LIMITS.email.max + 1) }],
      ['an oversize phone', { ...valid(), phone: `+1${'2'.repeat(15)}` }],
      ['an oversize subject', { ...valid(), subject: 'S'.repeat(CONTACT_LIMITS.subject.max + 1) }],
      ['an oversize message', { ...valid(), message: 'M'.repeat(CONTACT_LIMITS.message.max + 1) }],
      ['a timestamp set by the client', { ...valid(), timestamp: Timestamp.now() }],
      [
        'a timestamp in the past',
        { ...valid(), timestamp: Timestamp.fromDate(new Date('2024-03-01T10:00:00Z')) },
      ],
      ['a timestamp as text', { ...valid(), timestamp: '2024-03-01T10:00:00Z' }],
    ])('refuses a message with %s', async (_, data) => {
      await assertFails(anonymous().collection('contacts').add(data));
    });

    it('refuses a message written under an id of the client’s choosing that is invalid', async () => {
      await assertFails(anonymous().collection('contacts').doc('choisi').set(without('message')));
    });
  });

  describe('reading', () => {
    it('refuses an anonymous visitor a message and the list', async () => {
      await seed('m1');
      await assertFails(anonymous().collection('contacts').doc('m1').get());
      await assertFails(anonymous().collection('contacts').get());
    });

    it('refuses a signed-in account without the admin claim', async () => {
      await seed('m1');
      await assertFails(visitor().collection('contacts').orderBy('timestamp', 'desc').get());
      const almost = env
        .authenticatedContext('presque', { email: 'x@agence.test', admin: 'true' })
        .firestore();
      await assertFails(almost.collection('contacts').doc('m1').get());
    });

    it('lets an admin run the dashboard query and read one message', async () => {
      await seed('m1');
      await seed('m2');
      await assertSucceeds(admin().collection('contacts').orderBy('timestamp', 'desc').get());
      await assertSucceeds(admin().collection('contacts').doc('m1').get());
    });
  });

  describe('changing', () => {
    it('lets an admin set `read` to true or false, and nothing else', async () => {
      await seed('m1');
      const message = admin().collection('contacts').doc('m1');
      await assertSucceeds(message.update({ read: true }));
      await assertSucceeds(message.update({ read: false }));
      await assertFails(message.update({ read: 'oui' }));
      await assertFails(message.update({ read: true, subject: 'Modifié' }));
      await assertFails(message.update({ subject: 'Modifié' }));
      await assertFails(message.set({ ...valid(), read: true }));
    });

    it('refuses any update from a visitor or an account without the claim', async () => {
      await seed('m1');
      for (const db of [anonymous(), visitor()]) {
        await assertFails(db.collection('contacts').doc('m1').update({ read: true }));
        await assertFails(db.collection('contacts').doc('m1').update({ subject: 'Modifié' }));
      }
    });

    it('keeps the public create without `read`: a new message is unread', async () => {
      await assertSucceeds(anonymous().collection('contacts').add(valid()));
      await assertFails(
        anonymous()
          .collection('contacts')
          .add({ ...valid(), read: true }),
      );
      await assertFails(
        anonymous()
          .collection('contacts')
          .add({ ...valid(), read: false }),
      );
    });

    it('lets only an admin delete, one message or a batch', async () => {
      await seed('m1');
      await seed('m2');
      for (const db of [anonymous(), visitor()]) {
        await assertFails(db.collection('contacts').doc('m1').delete());
      }
      const db = admin();
      const batch = db.batch();
      batch.delete(db.collection('contacts').doc('m1'));
      batch.delete(db.collection('contacts').doc('m2'));
      await assertSucceeds(batch.commit());
    });

    it('refuses everything outside contacts', async () => {
      await assertFails(admin().collection('autre').add({ a: 1 }));
      await assertFails(admin().collection('autre').get());
      await assertFails(anonymous().collection('contacts').doc('m1').collection('notes').add({}));
    });

    it('keeps the push subscriptions to an admin, and exactly as the Push API gives them', async () => {
      const subscription = () => ({
        endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
        keys: {
          p256dh:
            'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
          auth: 'tBHItJI5svbpez7KI4CCXg',
        },
        createdAt: FieldValue.serverTimestamp(),
      });
      for (const db of [anonymous(), visitor()]) {
        await assertFails(db.collection('pushSubscriptions').doc('s1').set(subscription()));
        await assertFails(db.collection('pushSubscriptions').get());
      }
      await assertSucceeds(admin().collection('pushSubscriptions').doc('s1').set(subscription()));
      await assertSucceeds(admin().collection('pushSubscriptions').get());
      await assertFails(
        admin()
          .collection('pushSubscriptions')
          .doc('s2')
          .set({ ...subscription(), endpoint: 'http://non-chiffre.example/abc' }),
      );
      await assertFails(
        admin()
          .collection('pushSubscriptions')
          .doc('s3')
          .set({ ...subscription(), autre: 1 }),
      );
      await assertFails(anonymous().collection('pushSubscriptions').doc('s1').delete());
      await assertSucceeds(admin().collection('pushSubscriptions').doc('s1').delete());
    });

    it('lets an admin read the notifications’ health, and nobody write it from a client', async () => {
      await assertSucceeds(admin().collection('notificationStatus').doc('email').get());
      await assertFails(anonymous().collection('notificationStatus').doc('email').get());
      await assertFails(
        admin().collection('notificationStatus').doc('email').set({ lastError: null }),
      );
      await assertFails(admin().collection('notificationDeliveries').doc('m1').get());
    });
  });
});
