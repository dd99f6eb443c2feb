/**
 * firestore.rules on the Firestore emulator (@firebase/rules-unit-testing): a visitor may
 * create a valid message and nothing else; every field's bounds, types and patterns agree
 * with the shared schema (the cases are generated from CONTACT_LIMITS, EMAIL_PATTERN,
 * E164_PATTERN, CONTACT_SERVICES and the push subscription's limits, and each expected
 * outcome is checked against the schema too); only a token with `admin: true` reads, marks
 * read or deletes; push subscriptions as the dashboard writes them are accepted, anything
 * else refused; every other path is closed.
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
import { getAuth } from 'firebase-admin/auth';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseHostPort } from '../../shared/backend/firebase/app.ts';
import { createFirebaseBackend } from '../../shared/backend/firebase/index.ts';
import type { Backend } from '../../shared/backend/ports.ts';
import type { FILL_TIME_FIELD, HONEYPOT_FIELD } from '../../shared/domain/contact.ts';
import {
  CONTACT_LANGUAGES,
  CONTACT_LIMITS,
  CONTACT_SERVICES,
  contactInputSchema,
  EMAIL_PATTERN,
  type ContactFormValues,
} from '../../shared/domain/contact.ts';
import { E164_PATTERN } from '../../shared/domain/phone.ts';
import { PROVENANCE_LIMITS } from '../../shared/domain/provenance.ts';
import { PROVENANCE_FIELDS } from '../../shared/domain/provenance-fields.ts';
import {
  PUSH_SUBSCRIPTION_LIMITS,
  pushSubscriptionSchema,
} from '../../shared/notifications/status.ts';
import { RULES_FILE } from '../../scripts/firebase-emulators.ts';
import { CONTRACT_MESSAGE } from '../shared/backend/contract.ts';
import {
  adminClaims,
  DEMO_PROJECT,
  emulatorsForFile,
  present,
  resetAccounts,
} from './emulators.ts';

const available = emulatorsForFile('tests des règles Firestore (firestore.rules)', import.meta.url);

const { FieldValue, Timestamp } = firebase.firestore;

/** What the form sends (as typed, the contract's message) and what the adapter stores. */
const FORM: ContactFormValues = CONTRACT_MESSAGE;
const STORED_PHONE = '+213661234567';

/** A message as the site stores it (what the Firebase adapter writes). */
function valid(): Record<string, unknown> {
  return { ...FORM, phone: STORED_PHONE, timestamp: FieldValue.serverTimestamp() };
}

function without(field: string): Record<string, unknown> {
  return Object.fromEntries(Object.entries(valid()).filter(([name]) => name !== field));
}

/**
 * Does the shared schema accept the form with this field so? A provenance it refuses is
 * dropped rather than the message (never lose a lead): accepted means kept.
 */
const schemaAccepts = (field: keyof ContactFormValues, value: unknown) => {
  const parsed = contactInputSchema.safeParse({ ...FORM, [field]: value });
  if (!(PROVENANCE_FIELDS as readonly string[]).includes(field)) return parsed.success;
  return parsed.success && (parsed.data as Record<string, unknown>)[field] !== undefined;
};

/** At and past the bounds of an optional provenance field, and values that are not text. */
function provenanceCases(max: number, sample: (length: number) => string): Case[] {
  return [
    [`${max} characters (the maximum)`, sample(max), true],
    [`${max + 1} characters (one over)`, sample(max + 1), false],
    ['a number', 42, false],
    ['null', null, false],
    ['a list', [sample(5)], false],
  ];
}

/** An e-mail of exactly `length` characters. */
const emailOfLength = (length: number) => `${'a'.repeat(length - '@exemple.dz'.length)}@exemple.dz`;

/** The E.164 pattern's bounds on the digits after « + »: {6,14} after the first. */
const E164_DIGITS = (() => {
  const match = /\{(\d+),(\d+)\}/.exec(E164_PATTERN);
  if (!match) throw new Error(`E164_PATTERN sans bornes : ${E164_PATTERN}`);
  return { min: Number(match[1]) + 1, max: Number(match[2]) + 1 };
})();
const phoneOfDigits = (digits: number) => `+2${'1'.repeat(digits - 1)}`;

/** A case: a field's value, whether the rules (and the schema) must accept it. */
type Case = [description: string, value: unknown, accepted: boolean];

/** At and past each bound of a text field, and values that are not text. */
function textCases(min: number, max: number, letter: string): Case[] {
  return [
    [`${min} characters (the minimum)`, letter.repeat(min), true],
    [`${min - 1} characters (one short)`, letter.repeat(min - 1), false],
    [`${max} characters (the maximum)`, letter.repeat(max), true],
    [`${max + 1} characters (one over)`, letter.repeat(max + 1), false],
    [`${max} accented characters`, 'é'.repeat(max), true],
    ['a number', 12345678901, false],
    ['a list', [letter.repeat(min)], false],
    ['null', null, false],
  ];
}

const FIELD_CASES: Record<
  Exclude<keyof ContactFormValues, typeof HONEYPOT_FIELD | typeof FILL_TIME_FIELD>,
  Case[]
> = {
  fullName: [
    ...textCases(CONTACT_LIMITS.fullName.min, CONTACT_LIMITS.fullName.max, 'N'),
    ['text that reads backwards', 'Entreprise \u202Eelpmexe', false],
    ['invisible characters only', '\u200B\u200C\u200D', false],
    ['a line break', 'Transport\nOran', false],
    ['a right-to-left mark', 'Facture n° 1234\u200F-5678', false],
    ['an Arabic letter mark', 'شركة\u061C 2024', false],
    ['a Hangul filler that shows as a blank', 'Client\u3164Exemple', false],
    ['a Hangul choseong filler', 'Client \u115F Exemple', false],
  ],
  subject: [
    ...textCases(CONTACT_LIMITS.subject.min, CONTACT_LIMITS.subject.max, 'S'),
    ['a line break', 'Devis\nurgent', false],
    ['an isolate that reverses the text', 'Devis \u2066urgent\u2069', false],
    ['a left-to-right mark', 'Devis\u200E urgent', false],
    ['a zero-width space', 'Devis\u200Burgent', false],
    ['an empty Braille pattern', 'Devis \u2800 urgent', false],
    ['an escape sequence', 'Devis\u001B[31m urgent', false],
  ],
  message: [
    ...textCases(CONTACT_LIMITS.message.min, CONTACT_LIMITS.message.max, 'M'),
    ['line breaks', 'Bonjour,\nvoici notre demande.\n\nMerci.', true],
    ['text that reads backwards', 'Bonjour \u202Etnegru tse ec', false],
    ['a tab', 'Bonjour,\tvoici notre demande.', true],
    ['a NUL character', 'Bonjour, voici\u0000 notre demande.', false],
    ['an escape sequence', 'Bonjour \u001B[2J voici notre demande.', false],
    ['a C1 control character', 'Bonjour \u009B voici notre demande.', false],
    ['a Hangul jungseong filler', 'Bonjour \u1160 voici notre demande.', false],
    ['a halfwidth Hangul filler', 'Bonjour\uFFA0, voici notre demande.', false],
    ['a zero-width joiner, as in emoji', 'Bonjour 👩\u200D💻, voici notre demande.', true],
    ['a word joiner', 'Bonjour\u2060, voici notre demande.', false],
  ],
  email: [
    [
      `${CONTACT_LIMITS.email.max} characters (the maximum)`,
      emailOfLength(CONTACT_LIMITS.email.max),
      true,
    ],
    [
      `${CONTACT_LIMITS.email.max + 1} characters (one over)`,
      emailOfLength(CONTACT_LIMITS.email.max + 1),
      false,
    ],
    // Samples on either side of EMAIL_PATTERN; `new RegExp(EMAIL_PATTERN)` decides below.
    ['a plain address', 'contact@transport-oran-sud.dz', true],
    ['dots, plus and apostrophe', "o'brien.k+devis@mail.exemple.com", true],
    ['no @', 'transport-oran-sud.dz', false],
    ['two dots in a row', 'contact..sud@transport-oran.dz', false],
    ['a dot first', '.contact@exemple.dz', false],
    ['a one-letter top-level domain', 'contact@exemple.d', false],
    ['a domain starting with a hyphen', 'contact@-exemple.dz', false],
    ['a space', 'con tact@exemple.dz', false],
    ['a number', 42, false],
  ],
  phone: [
    [`${E164_DIGITS.min} digits (the fewest)`, phoneOfDigits(E164_DIGITS.min), true],
    [`${E164_DIGITS.min - 1} digits (one short)`, phoneOfDigits(E164_DIGITS.min - 1), false],
    [`${E164_DIGITS.max} digits (the most)`, phoneOfDigits(E164_DIGITS.max), true],
    [`${E164_DIGITS.max + 1} digits (one over)`, phoneOfDigits(E164_DIGITS.max + 1), false],
    ['a number stored in E.164', STORED_PHONE, true],
    ['a number as typed, not in E.164', '0661234567', false],
    ['spaces', '+213 661 23 45 67', false],
    ['a first digit 0', '+0213661234567', false],
    ['no plus (the old way)', '213661234567', false],
    ['a number, not text', 213661234567, false],
  ],
  service: [
    ...CONTACT_SERVICES.map((service): Case => [`« ${service} »`, service, true]),
    ['an unknown service', 'Plomberie', false],
    ['a service in other case', CONTACT_SERVICES[0].toLowerCase(), false],
    ['a list of services', [CONTACT_SERVICES[0]], false],
  ],
  // Optional (absent: French, as every message sent before it was recorded).
  language: [
    ...CONTACT_LANGUAGES.map((language): Case => [`« ${language} »`, language, true]),
    ['an unknown language', 'en', false],
    ['a language in capitals', 'AR', false],
    ['an empty language', '', false],
    ['a list of languages', ['ar'], false],
    ['null', null, false],
  ],
  // Optional, each of them (absent: not known).
  pagePath: [
    ...provenanceCases(PROVENANCE_LIMITS.pagePath, (length) => `/${'p'.repeat(length - 1)}`),
    ['an Arabic page', '/ar/pageContact', true],
    ['no slash first', 'pageContact', false],
    ['a query string', '/pageContact?utm_source=x', false],
    ['a full address', 'https://agence.dz/pageContact', false],
  ],
  referrer: [
    ...provenanceCases(PROVENANCE_LIMITS.referrer, (length) => 'a'.repeat(length)),
    ['a host', 'www.google.com', true],
    ['a full address', 'https://www.google.com/', false],
    ['capitals', 'WWW.GOOGLE.COM', false],
    ['a dot last', 'google.com.', false],
  ],
  utmSource: [
    ...provenanceCases(PROVENANCE_LIMITS.utm, (length) => 'u'.repeat(length)),
    ['an empty word', '', false],
    ['a line break', 'face\nbook', false],
    ['text that reads backwards', 'promo \u202Eété', false],
  ],
  utmMedium: [
    ...provenanceCases(PROVENANCE_LIMITS.utm, (length) => 'm'.repeat(length)),
    ['a word', 'cpc', true],
    ['a zero-width space', 'c\u200Bpc', false],
  ],
  utmCampaign: [
    ...provenanceCases(PROVENANCE_LIMITS.utm, (length) => 'é'.repeat(length)),
    ['Arabic', 'رمضان 2026', true],
    ['invisible characters only', '\u200B\u200C', false],
  ],
};

/** What the shared schema says of a stored value (the phone: its E.164 pattern). */
function sharedVerdict(field: keyof ContactFormValues, value: unknown): boolean {
  if (field === 'phone') return typeof value === 'string' && new RegExp(E164_PATTERN).test(value);
  if (field === 'email' && typeof value === 'string' && value.length <= CONTACT_LIMITS.email.max) {
    expect(new RegExp(EMAIL_PATTERN).test(value)).toBe(schemaAccepts(field, value));
  }
  return schemaAccepts(field, value);
}

/** A push subscription as a browser gives it (PushSubscription.toJSON()). */
const SUBSCRIPTION = {
  endpoint: 'https://fcm.googleapis.com/fcm/send/dQw4w9WgXcQ:APA91bH',
  keys: {
    p256dh:
      'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
    auth: 'tBHItJI5svbpez7KI4CCXg',
  },
};

const OWNER = { email: 'proprietaire@regles.test', password: 'un mot de passe solide' };

describe.skipIf(!available)('firestore.rules, against the Firestore emulator', () => {
  let env: RulesTestEnvironment;

  beforeAll(async () => {
    const emulators = present(available);
    const { host, port } = parseHostPort(emulators.firestore);
    env = await initializeTestEnvironment({
      projectId: emulators.projectId,
      // The project's own file (initializeTestEnvironment loads it as the deploy would).
      firestore: { host, port, rules: readFileSync(RULES_FILE, 'utf8') },
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
    env.authenticatedContext('proprietaire', adminClaims({ email: 'p@agence.test' })).firestore();
  /** Tokens that are not an admin's, though close to one. */
  const notAdmins = () =>
    [
      ['anonymous', anonymous()],
      ['signed in without claims', visitor()],
      ['admin: false', env.authenticatedContext('faux', { admin: false }).firestore()],
      ['admin: "true" (text)', env.authenticatedContext('texte', { admin: 'true' }).firestore()],
      ['admin: 1', env.authenticatedContext('un', { admin: 1 }).firestore()],
      ['another claim', env.authenticatedContext('autre', { role: 'admin' }).firestore()],
    ] as const;

  async function seed(...ids: string[]) {
    await env.withSecurityRulesDisabled(async (context) => {
      for (const id of ids) {
        await context
          .firestore()
          .collection('contacts')
          .doc(id)
          .set({ ...valid(), timestamp: Timestamp.now() });
      }
    });
  }

  describe('a visitor creating a message', () => {
    it('may create a valid one, signed in or not', async () => {
      await assertSucceeds(anonymous().collection('contacts').add(valid()));
      await assertSucceeds(visitor().collection('contacts').add(valid()));
    });

    for (const [field, cases] of Object.entries(FIELD_CASES)) {
      it.each(
        cases.map(([what, value, accepted]) => [verdict(accepted, what), value, accepted] as const),
      )(`${field}: %s`, async (_, value, accepted) => {
        // The case says what the shared schema says: the rules must say the same.
        expect(sharedVerdict(field as keyof ContactFormValues, value)).toBe(accepted);
        const write = anonymous()
          .collection('contacts')
          .add({ ...valid(), [field]: value });
        await (accepted ? assertSucceeds(write) : assertFails(write));
      });
    }

    it.each([
      ['a carriage return first', '\rBonjour, voici notre demande.'],
      ['a line break first', '\nBonjour, voici notre demande.'],
      ['a space first', ' Bonjour, voici notre demande.'],
      ['a line break last', 'Bonjour, voici notre demande.\n'],
      ['a no-break space last', 'Bonjour, voici notre demande.\u00A0'],
    ])('refuses a message the server would never store so: %s', async (_, message) => {
      // The server stores it trimmed, as the site's form sends it.
      expect(contactInputSchema.parse({ ...FORM, message }).message).toBe(message.trim());
      await assertFails(
        anonymous()
          .collection('contacts')
          .add({ ...valid(), message }),
      );
    });

    it('may leave out the language (the message reads as French)', async () => {
      expect(Object.keys(valid())).not.toContain('language');
      await assertSucceeds(anonymous().collection('contacts').add(valid()));
    });

    it.each(Object.keys(valid()))('must send %s', async (field) => {
      await assertFails(anonymous().collection('contacts').add(without(field)));
    });

    it.each([
      ['an extra field', 'website', 'http://spam.example'],
      ['a read flag (a new message is unread)', 'read', false],
      ['a read flag set', 'read', true],
    ])('may not add %s', async (_, field, value) => {
      await assertFails(
        anonymous()
          .collection('contacts')
          .add({ ...valid(), [field]: value }),
      );
    });

    it.each([
      ['the client’s clock', () => Timestamp.now()],
      ['a time in the past', () => Timestamp.fromDate(new Date('2024-03-01T10:00:00Z'))],
      ['text', () => '2024-03-01T10:00:00Z'],
    ])('must stamp it with the server’s time, not %s', async (_, timestamp) => {
      await assertFails(
        anonymous()
          .collection('contacts')
          .add({ ...valid(), timestamp: timestamp() }),
      );
    });

    it('may do nothing else: no read, list, update, delete, nor overwrite', async () => {
      await seed('m1');
      for (const [who, db] of notAdmins()) {
        const message = db.collection('contacts').doc('m1');
        await assertFails(message.get()).catch(failedFor(who));
        await assertFails(db.collection('contacts').get()).catch(failedFor(who));
        await assertFails(message.update({ read: true })).catch(failedFor(who));
        await assertFails(message.set(valid())).catch(failedFor(who));
        await assertFails(message.delete()).catch(failedFor(who));
      }
    });
  });

  describe('the admin (a token with admin: true)', () => {
    it('reads one message and runs the dashboard query', async () => {
      await seed('m1', 'm2');
      await assertSucceeds(admin().collection('contacts').doc('m1').get());
      await assertSucceeds(admin().collection('contacts').orderBy('timestamp', 'desc').get());
    });

    it('marks a message read or unread: `read`, a boolean, and nothing else', async () => {
      await seed('m1');
      const message = admin().collection('contacts').doc('m1');
      await assertSucceeds(message.update({ read: true }));
      await assertSucceeds(message.update({ read: false }));
      await assertFails(message.update({ read: 'oui' }));
      await assertFails(message.update({ read: 1 }));
      await assertFails(message.update({ read: null }));
      await assertFails(message.update({ read: true, subject: 'Modifié' }));
      await assertFails(message.update({ subject: 'Modifié' }));
      await assertFails(message.update({ lu: true }));
      await assertFails(message.update({ language: 'ar' }));
      await assertFails(message.set({ ...valid(), read: true }));
    });

    it('deletes one message, or several in one batch', async () => {
      await seed('m1', 'm2', 'm3');
      const db = admin();
      await assertSucceeds(db.collection('contacts').doc('m1').delete());
      const batch = db.batch();
      batch.delete(db.collection('contacts').doc('m2'));
      batch.delete(db.collection('contacts').doc('m3'));
      await assertSucceeds(batch.commit());
    });

    it('reads the notifications’ health, and writes it from no client', async () => {
      await assertSucceeds(admin().collection('notificationStatus').doc('email').get());
      await assertSucceeds(admin().collection('notificationStatus').get());
      await assertFails(
        admin().collection('notificationStatus').doc('email').set({ lastError: null }),
      );
      for (const [who, db] of notAdmins()) {
        await assertFails(db.collection('notificationStatus').doc('email').get()).catch(
          failedFor(who),
        );
      }
    });
  });

  describe('what waits for delivery', () => {
    async function seedDeliveries(pending: Record<string, string[]>) {
      await env.withSecurityRulesDisabled(async (context) => {
        for (const [id, channels] of Object.entries(pending)) {
          await context
            .firestore()
            .collection('notificationDeliveries')
            .doc(id)
            .set({ targets: [], pending: channels });
        }
      });
    }

    it('is the admin’s to read and count, no client’s to write', async () => {
      await seedDeliveries({ m1: ['email'] });
      const deliveries = admin().collection('notificationDeliveries');
      await assertSucceeds(deliveries.doc('m1').get());
      await assertSucceeds(deliveries.where('pending', 'array-contains', 'email').get());
      await assertFails(deliveries.doc('m1').set({ pending: [] }));
      await assertFails(deliveries.doc('m2').set({ pending: ['email'] }));
      await assertFails(deliveries.doc('m1').delete());
      for (const [who, db] of notAdmins()) {
        const theirs = db.collection('notificationDeliveries');
        await assertFails(theirs.doc('m1').get()).catch(failedFor(who));
        await assertFails(theirs.where('pending', 'array-contains', 'email').get()).catch(
          failedFor(who),
        );
        await assertFails(theirs.doc('m1').set({ pending: [] })).catch(failedFor(who));
      }
    });

    it('is counted per channel in the dashboard’s health (the Firebase adapter, as an admin)', async () => {
      await seedDeliveries({
        m1: ['email', 'webhook'],
        m2: ['webhook'],
        m3: [],
        m4: ['push'],
      });
      await withSignedInAdmin('rules-pending', async (backend) => {
        const status = await present(backend.notifications).status();
        expect({
          email: status.email.pending,
          webhook: status.webhook.pending,
          push: status.push.pending,
        }).toEqual({ email: 1, webhook: 2, push: 1 });
      });
    });
  });

  /** The Firebase adapter itself, signed in as an admin on the Auth emulator, on this project. */
  async function withSignedInAdmin(appName: string, use: (backend: Backend) => Promise<void>) {
    const emulators = present(available);
    // Accounts live in the Auth emulator's one project.
    const adminApp: App = initializeApp({ projectId: DEMO_PROJECT }, `rules-test-${Date.now()}`);
    process.env.FIREBASE_AUTH_EMULATOR_HOST = emulators.auth;
    let backend: Backend | undefined;
    try {
      await resetAccounts(getAuth(adminApp), [{ ...OWNER, admin: true }]);
      backend = createFirebaseBackend({
        config: {
          apiKey: 'fake-api-key',
          authDomain: `${emulators.projectId}.firebaseapp.com`,
          projectId: emulators.projectId,
          appId: '1:000000000000:web:0000000000000000',
        },
        appName,
        emulators: { auth: `http://${emulators.auth}`, firestore: emulators.firestore },
      });
      await backend.session.signIn(OWNER.email, OWNER.password);
      await use(backend);
    } finally {
      await backend?.close();
      await deleteApp(adminApp);
      delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
    }
  }

  describe('push subscriptions', () => {
    const withServerTime = (data: Record<string, unknown>) => ({
      ...data,
      createdAt: FieldValue.serverTimestamp(),
    });

    it('are accepted as the dashboard writes them, from the admin alone', async () => {
      // The Firebase adapter itself (firestore-notifications.ts).
      await withSignedInAdmin('rules-push', async (backend) => {
        const notifications = present(backend.notifications);
        await notifications.addPushSubscription(SUBSCRIPTION);
        // Saving the same browser again is an update of the same document.
        await notifications.addPushSubscription(SUBSCRIPTION);
        expect((await notifications.status()).push.subscriptions).toBe(1);
        await notifications.removePushSubscription(SUBSCRIPTION.endpoint);
        expect((await notifications.status()).push.subscriptions).toBe(0);
      });
    });

    it('are the admin’s alone to list, add or remove', async () => {
      await assertSucceeds(
        admin().collection('pushSubscriptions').doc('s1').set(withServerTime(SUBSCRIPTION)),
      );
      for (const [who, db] of notAdmins()) {
        const subscriptions = db.collection('pushSubscriptions');
        await assertFails(subscriptions.get()).catch(failedFor(who));
        await assertFails(subscriptions.doc('s1').get()).catch(failedFor(who));
        await assertFails(subscriptions.doc('s2').set(withServerTime(SUBSCRIPTION))).catch(
          failedFor(who),
        );
        await assertFails(subscriptions.doc('s1').delete()).catch(failedFor(who));
      }
      await assertSucceeds(admin().collection('pushSubscriptions').get());
      await assertSucceeds(admin().collection('pushSubscriptions').doc('s1').delete());
    });

    const key = (length: number) => 'A'.repeat(length);
    const { endpoint: endpointMax, p256dh: p256dhMax, auth: authMax } = PUSH_SUBSCRIPTION_LIMITS;
    const endpointOf = (length: number) => {
      const start = 'https://push.exemple.dz/';
      return start + 'e'.repeat(length - start.length);
    };
    const cases: [string, Record<string, unknown>, boolean][] = [
      [`an endpoint of ${endpointMax} characters`, { endpoint: endpointOf(endpointMax) }, true],
      [`an endpoint of ${endpointMax + 1}`, { endpoint: endpointOf(endpointMax + 1) }, false],
      ['an http endpoint', { endpoint: 'http://push.exemple.dz/abc' }, false],
      ['an endpoint that is no address', { endpoint: 'fcm.googleapis.com/abc' }, false],
      [
        `a p256dh of ${p256dhMax}`,
        { keys: { ...SUBSCRIPTION.keys, p256dh: key(p256dhMax) } },
        true,
      ],
      [
        `a p256dh of ${p256dhMax + 1}`,
        { keys: { ...SUBSCRIPTION.keys, p256dh: key(p256dhMax + 1) } },
        false,
      ],
      [`an auth of ${authMax}`, { keys: { ...SUBSCRIPTION.keys, auth: key(authMax) } }, true],
      [
        `an auth of ${authMax + 1}`,
        { keys: { ...SUBSCRIPTION.keys, auth: key(authMax + 1) } },
        false,
      ],
      ['an empty auth', { keys: { ...SUBSCRIPTION.keys, auth: '' } }, false],
      [
        'padding at the end of a key',
        { keys: { ...SUBSCRIPTION.keys, auth: 'tBHItJI5svbpez7KI4CC==' } },
        true,
      ],
      ['a key outside base64url', { keys: { ...SUBSCRIPTION.keys, auth: 'tBHI+tJI5/svb' } }, false],
      ['a key that is not text', { keys: { ...SUBSCRIPTION.keys, auth: 42 } }, false],
      ['a third key', { keys: { ...SUBSCRIPTION.keys, autre: 'abc' } }, false],
      ['a key missing', { keys: { p256dh: SUBSCRIPTION.keys.p256dh } }, false],
      ['keys as text', { keys: 'p256dh,auth' }, false],
    ];

    it.each(
      cases.map(([what, change, accepted]) => [verdict(accepted, what), change, accepted] as const),
    )('%s', async (what, change, accepted) => {
      const data = { ...SUBSCRIPTION, ...change };
      // The schema drops keys it does not know (the adapter writes the two it knows): the
      // rules refuse them all the same.
      const schemaStrips = what.includes('third key');
      expect(pushSubscriptionSchema.safeParse(data).success).toBe(accepted || schemaStrips);
      const write = admin().collection('pushSubscriptions').doc('s').set(withServerTime(data));
      await (accepted ? assertSucceeds(write) : assertFails(write));
    });

    it('refuses a field the dashboard does not write, a missing one, a client time', async () => {
      const subscriptions = admin().collection('pushSubscriptions');
      await assertFails(subscriptions.doc('a').set({ ...withServerTime(SUBSCRIPTION), autre: 1 }));
      await assertFails(subscriptions.doc('b').set(SUBSCRIPTION));
      await assertFails(
        subscriptions.doc('c').set({ ...SUBSCRIPTION, createdAt: Timestamp.now() }),
      );
      await assertFails(
        subscriptions.doc('d').set(withServerTime({ endpoint: SUBSCRIPTION.endpoint })),
      );
    });
  });

  describe('spam (« Indésirables »)', () => {
    /** A message kept as spam, as the Firebase adapter writes it. */
    const spam = (extra: Record<string, unknown> = {}) => ({
      ...valid(),
      spamReason: 'hidden-field',
      ...extra,
    });

    async function seedSpam(id: string) {
      await env.withSecurityRulesDisabled(async (context) => {
        await context
          .firestore()
          .collection('spam')
          .doc(id)
          .set({ ...spam(), timestamp: Timestamp.fromDate(new Date('2026-11-02T08:30:00Z')) });
      });
    }

    /** « Pas un indésirable » as the adapter does it: the message created, the spam deleted. */
    async function restore(
      db: firebase.firestore.Firestore,
      id: string,
      change: (data: firebase.firestore.DocumentData) => firebase.firestore.DocumentData = (data) =>
        data,
      deleteSpam = true,
    ) {
      let kept: firebase.firestore.DocumentData | undefined;
      await env.withSecurityRulesDisabled(async (context) => {
        kept = (await context.firestore().collection('spam').doc(id).get()).data();
      });
      const fields = Object.fromEntries(
        Object.entries(kept ?? {}).filter(([key]) => key !== 'spamReason'),
      );
      const batch = db.batch();
      batch.set(db.collection('contacts').doc(id), change(fields));
      if (deleteSpam) batch.delete(db.collection('spam').doc(id));
      return batch.commit();
    }

    it('a visitor may keep one aside, with its reason, signed in or not', async () => {
      await assertSucceeds(anonymous().collection('spam').add(spam()));
      await assertSucceeds(visitor().collection('spam').add(spam()));
      // Sent within seconds of the page's start (« envoi trop rapide »).
      await assertSucceeds(
        anonymous()
          .collection('spam')
          .add(spam({ spamReason: 'too-fast' })),
      );
    });

    it('with the same checks of every field as a message', async () => {
      for (const [field, cases] of Object.entries(FIELD_CASES)) {
        for (const [what, value, accepted] of cases) {
          const write = anonymous()
            .collection('spam')
            .add(spam({ [field]: value }));
          await (accepted ? assertSucceeds(write) : assertFails(write)).catch((error: unknown) => {
            throw new Error(`${field}: ${verdict(accepted, what)}: ${String(error)}`);
          });
        }
      }
    }, 120_000);

    it.each([
      ['without a reason', () => valid()],
      ['with an unknown reason', () => spam({ spamReason: 'suspect' })],
      ['with its timing', () => spam({ spamReason: 'too-fast', fillTimeMs: 800 })],
      ['with an extra field', () => spam({ website: 'http://spam.example' })],
      ['read', () => spam({ read: true })],
      ['at the client’s time', () => spam({ timestamp: Timestamp.now() })],
    ])('refuses one %s', async (_, data) => {
      await assertFails(anonymous().collection('spam').add(data()));
    });

    it('is the admin’s alone to read, list, delete or move to the inbox', async () => {
      await seedSpam('s1');
      for (const [who, db] of notAdmins()) {
        const kept = db.collection('spam').doc('s1');
        await assertFails(kept.get()).catch(failedFor(who));
        await assertFails(db.collection('spam').get()).catch(failedFor(who));
        await assertFails(kept.update({ spamReason: 'hidden-field' })).catch(failedFor(who));
        await assertFails(kept.delete()).catch(failedFor(who));
        await assertFails(restore(db, 's1')).catch(failedFor(who));
      }
      const db = admin();
      await assertSucceeds(db.collection('spam').doc('s1').get());
      await assertSucceeds(
        db
          .collection('spam')
          .where('timestamp', '>', Timestamp.fromDate(new Date('2026-10-01T00:00:00Z')))
          .orderBy('timestamp', 'desc')
          .get(),
      );
      await assertFails(db.collection('spam').doc('s1').update({ read: true }));
      await assertSucceeds(db.collection('spam').doc('s1').delete());
    });

    it('moves to the inbox only as it was, under its id, the spam deleted at once', async () => {
      await seedSpam('s1');
      const db = admin();
      await assertFails(restore(db, 's1', (data) => data, false));
      await assertFails(restore(db, 's1', (data) => ({ ...data, subject: 'Modifié' })));
      await assertFails(restore(db, 's1', (data) => ({ ...data, read: true })));
      await assertFails(restore(db, 's1', (data) => ({ ...data, spamReason: 'hidden-field' })));
      await assertFails(restore(db, 's1', (data) => ({ ...data, timestamp: Timestamp.now() })));
      // With no spam of that id, an admin makes up no message either.
      await assertFails(
        restore(db, 'absent', () => ({
          ...valid(),
          timestamp: Timestamp.fromDate(new Date('2026-11-02T08:30:00Z')),
        })),
      );
      await assertSucceeds(restore(db, 's1'));
      await env.withSecurityRulesDisabled(async (context) => {
        const db = context.firestore();
        expect((await db.collection('spam').doc('s1').get()).exists).toBe(false);
        const message = (await db.collection('contacts').doc('s1').get()).data();
        expect(message).toMatchObject({ subject: FORM.subject, phone: STORED_PHONE });
        expect(message).not.toHaveProperty('spamReason');
      });
    });

    describe('« Marquer comme indésirable »', () => {
      const without = (data: firebase.firestore.DocumentData, key: string) =>
        Object.fromEntries(Object.entries(data).filter(([name]) => name !== key));
      const RECEIVED = Timestamp.fromDate(new Date('2026-11-02T08:30:00Z'));

      async function seedMessage(id: string, extra: Record<string, unknown> = {}) {
        await env.withSecurityRulesDisabled(async (context) => {
          await context
            .firestore()
            .collection('contacts')
            .doc(id)
            .set({ ...FORM, phone: STORED_PHONE, timestamp: RECEIVED, read: true, ...extra });
        });
      }

      /** As the adapter does it: the spam created as the message was, the message deleted. */
      async function mark(
        db: firebase.firestore.Firestore,
        id: string,
        change: (data: firebase.firestore.DocumentData) => firebase.firestore.DocumentData = (
          data,
        ) => ({ ...data, spamReason: 'owner', markedAt: FieldValue.serverTimestamp() }),
        deleteMessage = true,
      ) {
        let current: firebase.firestore.DocumentData | undefined;
        await env.withSecurityRulesDisabled(async (context) => {
          current = (await context.firestore().collection('contacts').doc(id).get()).data();
        });
        const batch = db.batch();
        batch.set(db.collection('spam').doc(id), change(current ?? {}));
        if (deleteMessage) batch.delete(db.collection('contacts').doc(id));
        return batch.commit();
      }

      it('is the admin’s alone', async () => {
        await seedMessage('m1');
        for (const [who, db] of notAdmins()) {
          await assertFails(mark(db, 'm1')).catch(failedFor(who));
        }
      });

      it('moves a message of the site’s form as it was, reason « owner » at the server’s time, the message deleted at once', async () => {
        await seedMessage('m1');
        const db = admin();
        const owner = (data: firebase.firestore.DocumentData) => ({
          ...data,
          spamReason: 'owner',
          markedAt: FieldValue.serverTimestamp(),
        });
        await assertFails(mark(db, 'm1', owner, false));
        await assertFails(mark(db, 'm1', (data) => ({ ...owner(data), subject: 'Modifié' })));
        await assertFails(mark(db, 'm1', (data) => ({ ...owner(data), read: false })));
        await assertFails(
          mark(db, 'm1', (data) => ({ ...owner(data), timestamp: Timestamp.now() })),
        );
        await assertFails(
          mark(db, 'm1', (data) => ({ ...owner(data), spamReason: 'hidden-field' })),
        );
        await assertFails(
          mark(db, 'm1', (data) => ({ ...owner(data), markedAt: Timestamp.now() })),
        );
        await assertFails(mark(db, 'm1', (data) => without(owner(data), 'markedAt')));
        // No message of that id: an admin makes up no spam either.
        await assertFails(
          mark(db, 'absent', () => ({
            ...FORM,
            phone: STORED_PHONE,
            timestamp: RECEIVED,
            spamReason: 'owner',
            markedAt: FieldValue.serverTimestamp(),
          })),
        );
        await assertSucceeds(mark(db, 'm1'));
        await env.withSecurityRulesDisabled(async (context) => {
          const stored = context.firestore();
          expect((await stored.collection('contacts').doc('m1').get()).exists).toBe(false);
          const kept = (await stored.collection('spam').doc('m1').get()).data();
          expect(kept).toMatchObject({ subject: FORM.subject, read: true, spamReason: 'owner' });
          expect(kept?.timestamp).toEqual(RECEIVED);
        });
        // And back (« Pas un indésirable »): as it was, without the reason nor the marking.
        const back = db.batch();
        let kept: firebase.firestore.DocumentData | undefined;
        await env.withSecurityRulesDisabled(async (context) => {
          kept = (await context.firestore().collection('spam').doc('m1').get()).data();
        });
        const withMarking = without(kept ?? {}, 'spamReason');
        back.set(db.collection('contacts').doc('m1'), withMarking);
        back.delete(db.collection('spam').doc('m1'));
        await assertFails(back.commit());
        const asItWas = without(withMarking, 'markedAt');
        const restored = db.batch();
        restored.set(db.collection('contacts').doc('m1'), asItWas);
        restored.delete(db.collection('spam').doc('m1'));
        await assertSucceeds(restored.commit());
      });

      it('refuses a lead typed in (« Nouveau contact »): it has a source', async () => {
        await seedMessage('t1', { source: 'telephone' });
        await assertFails(mark(admin(), 't1'));
      });

      it('no visitor may write the owner’s reason', async () => {
        await assertFails(
          anonymous()
            .collection('spam')
            .add(spam({ spamReason: 'owner' })),
        );
        await assertFails(
          anonymous()
            .collection('spam')
            .add(spam({ spamReason: 'owner', markedAt: FieldValue.serverTimestamp() })),
        );
      });
    });
  });

  describe('the lead pipeline (leads/{id} and its timeline)', () => {
    const MINUTE = 60_000;
    /** A lead as the adapter writes it when its status changes now. */
    const lead = (extra: Record<string, unknown> = {}) => ({
      status: 'contacte',
      lostReason: null,
      statusChangedAt: FieldValue.serverTimestamp(),
      nextActionAt: Timestamp.fromMillis(Date.now() + 2 * 24 * 60 * MINUTE),
      estimatedValue: null,
      ...extra,
    });
    const note = (extra: Record<string, unknown> = {}) => ({
      type: 'note',
      at: FieldValue.serverTimestamp(),
      text: 'Rappeler jeudi.',
      correctedAt: null,
      ...extra,
    });

    async function seedLead(
      id: string,
      data: Record<string, unknown>,
      events: Record<string, Record<string, unknown>> = {},
    ) {
      await env.withSecurityRulesDisabled(async (context) => {
        const db = context.firestore();
        await db.collection('leads').doc(id).set(data);
        for (const [eventId, event] of Object.entries(events)) {
          await db.collection('leads').doc(id).collection('timeline').doc(eventId).set(event);
        }
      });
    }

    it('nobody but an admin reads or writes it; a visitor cannot send a message with a pipeline field', async () => {
      await seed('m1');
      await seedLead(
        'm1',
        { ...lead(), statusChangedAt: Timestamp.now() },
        {
          n1: { ...note(), at: Timestamp.now() },
        },
      );
      for (const [who, db] of notAdmins()) {
        await assertFails(db.collection('leads').doc('m1').get()).catch(failedFor(who));
        await assertFails(db.collection('leads').get()).catch(failedFor(who));
        await assertFails(db.collection('leads').doc('m1').set(lead())).catch(failedFor(who));
        await assertFails(db.collection('leads').doc('m1').collection('timeline').get()).catch(
          failedFor(who),
        );
        await assertFails(db.collectionGroup('timeline').get()).catch(failedFor(who));
        await assertFails(
          db.collection('leads').doc('m1').collection('timeline').add(note()),
        ).catch(failedFor(who));
      }
      for (const field of ['status', 'nextActionAt', 'estimatedValue', 'lostReason']) {
        await assertFails(
          anonymous()
            .collection('contacts')
            .add({ ...valid(), [field]: null }),
        );
      }
      await assertFails(
        anonymous()
          .collection('contacts')
          .add({ ...valid(), status: 'gagne' }),
      );
      const db = admin();
      await assertSucceeds(db.collection('leads').doc('m1').get());
      await assertSucceeds(db.collectionGroup('timeline').get());
    });

    it('an admin writes a valid lead, for a message of the inbox only', async () => {
      await seed('m1');
      const leads = admin().collection('leads');
      await assertSucceeds(leads.doc('m1').set(lead()));
      await assertFails(leads.doc('absent').set(lead()));
      await assertSucceeds(
        leads.doc('m1').set(lead({ status: 'perdu', lostReason: 'prix', nextActionAt: null })),
      );
      await assertSucceeds(leads.doc('m1').set(lead({ estimatedValue: 250000 })));
      // Bad input the adapter refuses first, refused here too.
      for (const [what, extra] of [
        ['an unknown status', { status: 'archive' }],
        ['« Perdu » without its reason', { status: 'perdu', lostReason: null }],
        ['a reason on another status', { lostReason: 'prix' }],
        ['an unknown reason', { status: 'perdu', lostReason: 'meteo' }],
        ['a value with centimes', { estimatedValue: 1500.5 }],
        ['a negative value', { estimatedValue: -1 }],
        ['a value as text', { estimatedValue: '1500' }],
        ['a next action in the past', { nextActionAt: Timestamp.fromMillis(Date.now() - MINUTE) }],
        ['a status date of the client', { statusChangedAt: Timestamp.now() }],
        ['another field', { couleur: 'vert' }],
      ] as const) {
        await assertFails(leads.doc('m1').set(lead(extra))).catch(failedFor(what));
      }
    });

    it('keeps a next action already set even once past, and refuses a new one in the past', async () => {
      await seed('m1');
      const past = Timestamp.fromMillis(Date.now() - 60 * MINUTE);
      const changedAt = Timestamp.fromMillis(Date.now() - 2 * 60 * MINUTE);
      await seedLead('m1', { ...lead(), statusChangedAt: changedAt, nextActionAt: past });
      const reference = admin().collection('leads').doc('m1');
      // The value changes, the overdue next action and the status date stay: accepted.
      await assertSucceeds(
        reference.set({
          ...lead(),
          statusChangedAt: changedAt,
          nextActionAt: past,
          estimatedValue: 9000,
        }),
      );
      await assertFails(
        reference.set({
          ...lead(),
          statusChangedAt: changedAt,
          nextActionAt: Timestamp.fromMillis(Date.now() - 30 * MINUTE),
        }),
      );
      // A status change without a new date of change: refused.
      await assertFails(
        reference.set({
          ...lead({ status: 'gagne', nextActionAt: null }),
          statusChangedAt: changedAt,
        }),
      );
    });

    it('timeline: dated by the server, a note of 1 to 5,000 characters, never deleted while its message exists', async () => {
      await seed('m1');
      const timeline = admin().collection('leads').doc('m1').collection('timeline');
      await assertSucceeds(timeline.add(note()));
      await assertSucceeds(timeline.add(note({ text: 'x'.repeat(5000) })));
      await assertFails(timeline.add(note({ text: 'x'.repeat(5001) })));
      await assertFails(timeline.add(note({ text: '' })));
      await assertFails(timeline.add(note({ at: Timestamp.now() })));
      await assertSucceeds(
        timeline.add({
          type: 'status',
          at: FieldValue.serverTimestamp(),
          status: 'perdu',
          lostReason: 'delai',
        }),
      );
      await assertFails(
        timeline.add({
          type: 'status',
          at: FieldValue.serverTimestamp(),
          status: 'perdu',
          lostReason: null,
        }),
      );
      await assertSucceeds(
        timeline.add({ type: 'reply', at: FieldValue.serverTimestamp(), channel: 'whatsapp' }),
      );
      await assertFails(
        timeline.add({ type: 'reply', at: FieldValue.serverTimestamp(), channel: 'pigeon' }),
      );
      await assertFails(
        admin().collection('leads').doc('absent').collection('timeline').add(note()),
      );
      const [first] = (await timeline.get()).docs;
      if (!first) throw new Error('no note');
      await assertFails(first.ref.delete());
      await assertFails(admin().collection('leads').doc('m1').delete());
    });

    it('a note is corrected within 10 minutes (text and time of correction only), not after', async () => {
      await seed('m1');
      await seedLead(
        'm1',
        { ...lead(), statusChangedAt: Timestamp.now() },
        {
          recent: { ...note(), at: Timestamp.fromMillis(Date.now() - 9 * MINUTE) },
          old: { ...note(), at: Timestamp.fromMillis(Date.now() - 11 * MINUTE) },
          status: { type: 'status', at: Timestamp.now(), status: 'contacte', lostReason: null },
        },
      );
      const timeline = admin().collection('leads').doc('m1').collection('timeline');
      const correction = { text: 'Rappeler vendredi.', correctedAt: FieldValue.serverTimestamp() };
      await assertSucceeds(timeline.doc('recent').update(correction));
      await assertFails(timeline.doc('old').update(correction));
      await assertFails(timeline.doc('recent').update({ ...correction, text: 'x'.repeat(5001) }));
      await assertFails(timeline.doc('recent').update({ ...correction, at: Timestamp.now() }));
      await assertFails(timeline.doc('recent').update({ text: 'Sans date de correction' }));
      await assertFails(timeline.doc('status').update({ status: 'gagne' }));
    });

    it('goes with its message: once the message is deleted, an admin deletes the lead and its timeline', async () => {
      await seed('m1');
      await seedLead(
        'm1',
        { ...lead(), statusChangedAt: Timestamp.now() },
        {
          n1: { ...note(), at: Timestamp.now() },
        },
      );
      const db = admin();
      await assertSucceeds(db.collection('contacts').doc('m1').delete());
      await assertSucceeds(
        db.collection('leads').doc('m1').collection('timeline').doc('n1').delete(),
      );
      await assertSucceeds(db.collection('leads').doc('m1').delete());
    });
  });

  describe('« Nouveau contact » (a lead the owner typed in)', () => {
    /** A lead received by phone, as the Firebase adapter writes it. */
    const typedIn = (extra: Record<string, unknown> = {}): Record<string, unknown> => ({
      fullName: 'Boulangerie El Bahia',
      source: 'telephone',
      phone: STORED_PHONE,
      language: 'fr',
      read: true,
      timestamp: FieldValue.serverTimestamp(),
      ...extra,
    });

    it('an admin adds one with a phone or an e-mail, the form’s other fields when given, and its lead in the same batch', async () => {
      const contacts = admin().collection('contacts');
      await assertSucceeds(contacts.add(typedIn()));
      const withoutPhone = typedIn({ source: 'visite', email: 'client@exemple.dz' });
      delete withoutPhone.phone;
      await assertSucceeds(contacts.add(withoutPhone));
      await assertSucceeds(
        contacts.add(
          typedIn({
            source: 'whatsapp',
            email: 'client@exemple.dz',
            service: 'Design',
            subject: 'Site vitrine',
            message: 'Un site pour présenter la boutique.',
            language: 'ar',
          }),
        ),
      );
      // The message, its lead « Contacté » and its first status at once (one batch).
      const db = admin();
      const reference = db.collection('contacts').doc();
      const batch = db.batch();
      batch.set(reference, typedIn());
      batch.set(db.collection('leads').doc(reference.id), {
        status: 'contacte',
        lostReason: null,
        statusChangedAt: FieldValue.serverTimestamp(),
        nextActionAt: Timestamp.fromMillis(Date.now() + 2 * 24 * 60 * 60_000),
        estimatedValue: null,
      });
      batch.set(db.collection('leads').doc(reference.id).collection('timeline').doc(), {
        type: 'status',
        status: 'contacte',
        lostReason: null,
        at: FieldValue.serverTimestamp(),
      });
      await assertSucceeds(batch.commit());
    });

    it('refuses what the schema refuses: no phone nor e-mail, a bad field, the form as its source, unread, a client time', async () => {
      const contacts = admin().collection('contacts');
      const unreachable: Record<string, unknown> = typedIn();
      delete unreachable.phone;
      for (const [what, data] of [
        ['neither phone nor e-mail', unreachable],
        ['no name', { ...typedIn(), fullName: '' }],
        ['a phone not in E.164', typedIn({ phone: '0550123456' })],
        ['a bad e-mail', typedIn({ email: 'pas une adresse' })],
        ['an unknown service', typedIn({ service: 'Plomberie' })],
        ['a subject too short', typedIn({ subject: 'x' })],
        ['the form as its source', typedIn({ source: 'formulaire' })],
        ['an unknown source', typedIn({ source: 'courrier' })],
        ['unread', typedIn({ read: false })],
        ['a client time', typedIn({ timestamp: Timestamp.now() })],
        ['a provenance', typedIn({ utmSource: 'facebook' })],
        ['another field', typedIn({ status: 'gagne' })],
      ] as const) {
        await assertFails(contacts.add(data)).catch(failedFor(what));
      }
    });

    it('is an admin’s only: a visitor can neither type one in nor give a site message a source', async () => {
      for (const [who, db] of notAdmins()) {
        await assertFails(db.collection('contacts').add(typedIn())).catch(failedFor(who));
        for (const source of ['telephone', 'formulaire']) {
          await assertFails(db.collection('contacts').add({ ...valid(), source })).catch(
            failedFor(`${who}, source ${source}`),
          );
        }
        // The site's message, as the form sends it, still goes in.
        await assertSucceeds(db.collection('contacts').add(valid())).catch(failedFor(who));
      }
    });
  });

  describe('every other path', () => {
    it.each([
      ['another collection', 'autre/doc'],
      ['a message’s subcollection', 'contacts/m1/notes/n1'],
      ['a spam’s subcollection', 'spam/m1/notes/n1'],
      ['the deliveries’ subcollection', 'notificationDeliveries/m1/x/y'],
      ['a push subscription’s subcollection', 'pushSubscriptions/s1/x/y'],
      ['the health’s subcollection', 'notificationStatus/email/x/y'],
    ])('is closed: %s', async (_, path) => {
      await seed('m1');
      for (const db of [admin(), anonymous(), visitor()]) {
        await assertFails(db.doc(path).get());
        await assertFails(db.doc(path).set({ a: 1 }));
        await assertFails(db.doc(path).delete());
        await assertFails(db.collection(path.split('/').slice(0, -1).join('/')).get());
      }
    });
  });
});

/** A case's title: what the rules must do with it. */
function verdict(accepted: boolean, what: string): string {
  return `${accepted ? 'accepts' : 'refuses'} ${what}`;
}

/** Names the token a refusal was expected for, when it was not refused. */
function failedFor(who: string) {
  return (error: unknown) => {
    throw new Error(`${who} : ${error instanceof Error ? error.message : String(error)}`);
  };
}
