/**
 * The Firebase mode's reminders and digest (functions/src/remind-owner.ts) on the Firestore
 * emulator: the scheduled function's work, run at chosen times on messages and leads stored
 * as the dashboard stores them, sending on the registry's channels to the same local SMTP
 * server, webhook receiver and push service (whose pushes the test decrypts as the phone
 * would) as the embedded server's tests; and the trigger that takes a
 * deleted message's lead with it (functions/src/remove-lead.ts), run by firebase-functions-test
 * on the emulator. Both are declared as Cloud Functions expects.
 */
import {
  deleteApp,
  functionsTest,
  getFirestore,
  initializeApp,
  Timestamp,
  type App,
  type Firestore,
} from '../../functions/test/functions-test.ts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clearFirestore } from '../../scripts/firebase-emulators.ts';
import { nodeTransports } from '../../shared/node/transports.ts';
import { setUpChannels } from '../../shared/notifications/channel.ts';
import { NOTIFICATION_CHANNEL_REGISTRY } from '../../shared/notifications/registry.ts';
import { parseDigestTime } from '../../shared/domain/leads/digest-time.ts';
import { EVERY_DAY_HOURS } from '../../shared/domain/leads/business-hours.ts';
import { SETTINGS_PATH } from '../../shared/backend/firebase/settings-documents.ts';
import { defaultSettings } from '../../shared/domain/settings/effective.ts';
import { settingsSchema } from '../../shared/domain/settings/settings.ts';
import { aFilledSettings } from '../fixtures/settings.ts';
import { firestoreStore } from '../../functions/src/firestore-store.ts';
import {
  remindersSettings,
  remindOwner,
  remindOwnerFunction,
  REMINDER_SCHEDULE,
} from '../../functions/src/remind-owner.ts';
import { removeLeadOnMessageDeletedFunction } from '../../functions/src/remove-lead.ts';
import { aContactDocument } from '../fixtures/messages.ts';
import { aQuoteDocument, aSentQuote } from '../fixtures/quotes.ts';
import { anIssuedInvoice, aPayment } from '../fixtures/invoices.ts';
import type { Invoice } from '../../shared/domain/invoices/invoice.ts';
import {
  INVOICE_LEDGERS_COLLECTION,
  INVOICES_COLLECTION,
  invoiceDocumentOf,
  ledgerWithCredit,
  ledgerWithPayment,
  emptyLedgerOf,
} from '../../shared/backend/firebase/invoice-documents.ts';
import webpush from 'web-push';
import { browserKeys, decryptPushBody, pushService } from '../fixtures/push-endpoint.ts';
import { smtpStandIn, type SmtpStandIn } from '../fixtures/smtp-stand-in.ts';
import { emulatorsForFile, present, type FileEmulators } from './emulators.ts';

const available = emulatorsForFile('rappels et résumé (mode Firebase)', import.meta.url);

/** Algiers is UTC+1 all year. */
const algiers = (day: number, hour: number, minute = 0) => Date.UTC(2026, 0, day, hour - 1, minute);

describe.skipIf(!available)('the reminders on the Firestore emulator', () => {
  let emulators: FileEmulators;
  let app: App;
  let db: Firestore;
  let smtp: SmtpStandIn;
  let receiver: Awaited<ReturnType<typeof pushService>>;
  const cleanups: (() => Promise<void> | void)[] = [];
  const fft = functionsTest({ projectId: 'demo-agence' });

  beforeAll(async () => {
    emulators = present(available);
    process.env.FIRESTORE_EMULATOR_HOST = emulators.firestore;
    app = initializeApp({ projectId: emulators.projectId }, `reminders-${Date.now()}`);
    db = getFirestore(app);
    smtp = await smtpStandIn((cleanup) => cleanups.push(cleanup));
    receiver = await pushService((cleanup) => cleanups.push(cleanup));
    await smtp.start();
  });

  beforeEach(async () => {
    await clearFirestore(emulators.firestore, emulators.projectId);
    smtp.mails.length = 0;
    receiver.received.length = 0;
  });

  afterAll(async () => {
    fft.cleanup();
    if (app) await deleteApp(app);
    delete process.env.FIRESTORE_EMULATOR_HOST;
    for (const cleanup of cleanups) await cleanup();
  });

  /** The VAPID pair of the push tests, as the parameter and the secret give it. */
  const vapid = webpush.generateVAPIDKeys();

  function deps(digestTime = 'off', { push = false } = {}) {
    const values: Record<string, string> = {
      SMTP_URL: smtp.url(),
      WEBHOOK_URL: receiver.endpoint('/hook'),
      WEBHOOK_SECRET: 'un secret partagé de test, assez long',
      DIGEST_TIME: digestTime,
      // Push only where a test asks for it: the others count the webhook's requests.
      ...(push ? { VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey } : {}),
    };
    return {
      store: firestoreStore(db),
      digestTime: parseDigestTime(digestTime) ?? null,
      hours: EVERY_DAY_HOURS,
      channels: setUpChannels(NOTIFICATION_CHANNEL_REGISTRY, {
        setting: (name) => values[name],
        ownerEmail: 'patron@agence.test',
        publicUrl: 'https://agence.test',
        transports: nodeTransports({
          pooledEmail: false,
          addresses: { allowLoopback: true },
          webhookAgent: receiver.agent,
          pushAgent: receiver.agent,
        }),
      }),
    };
  }

  const message = (id: string, receivedAt: number, fields: Record<string, unknown> = {}) =>
    db
      .collection('contacts')
      .doc(id)
      .set(aContactDocument({ timestamp: Timestamp.fromMillis(receivedAt), ...fields }));
  const lead = (id: string, status: string, nextActionAt: number | null) =>
    db
      .collection('leads')
      .doc(id)
      .set({
        status,
        lostReason: null,
        statusChangedAt: Timestamp.fromMillis(algiers(15, 10)),
        nextActionAt: nextActionAt === null ? null : Timestamp.fromMillis(nextActionAt),
        estimatedValue: null,
      });
  const subjects = () => smtp.mails.map((mail) => mail.subject);

  it('tells the e-mail and the webhook « Relance : NOM — SUJET » when a follow-up falls due, once per date', async () => {
    await remindOwner(db, algiers(15, 9), deps());
    await message('suivi', algiers(15, 9, 30));
    await lead('suivi', 'contacte', algiers(15, 15));

    expect((await remindOwner(db, algiers(15, 14, 59), deps())).delivered).toEqual([]);
    const run = await remindOwner(db, algiers(15, 15), deps());
    expect(run).toEqual({ delivered: [`relance-suivi-${algiers(15, 15)}`], failures: [] });
    expect(subjects()).toEqual(['Relance : Boulangerie El Bahia — Refonte du site']);
    expect(smtp.mails[0]?.text).toContain('https://agence.test/pageDashboard?message=suivi');
    const [hook] = receiver.received;
    expect(hook?.headers['x-webhook-event']).toBe('lead.reminder');
    expect(JSON.parse(hook?.body.toString('utf8') ?? '{}')).toMatchObject({
      reason: 'follow-up',
      id: 'suivi',
      url: 'https://agence.test/pageDashboard?message=suivi',
    });

    // Run again: nothing more. A new date: a new reminder when it comes.
    expect((await remindOwner(db, algiers(15, 16), deps())).delivered).toEqual([]);
    await lead('suivi', 'contacte', algiers(16, 10));
    await remindOwner(db, algiers(16, 10), deps());
    expect(subjects()).toHaveLength(2);
    // Closed: no reminder, whatever its date.
    await lead('suivi', 'gagne', algiers(16, 11));
    expect((await remindOwner(db, algiers(16, 12), deps())).delivered).toEqual([]);
  });

  it('carries the lead’s last note in the e-mail and the push, as the embedded server does', async () => {
    const phone = browserKeys();
    await db
      .collection('pushSubscriptions')
      .doc('telephone')
      .set({ endpoint: receiver.endpoint('/phone'), keys: phone.json });
    const withPush = deps('off', { push: true });
    await remindOwner(db, algiers(15, 9), withPush);
    await message('note', algiers(15, 9, 30));
    await lead('note', 'contacte', algiers(15, 15));
    // Two notes as the dashboard writes them (firestore-leads.ts); the later one is sent.
    const timeline = db.collection('leads').doc('note').collection('timeline');
    await timeline.doc('a').set({
      type: 'note',
      text: 'Premier appel : absent.',
      at: Timestamp.fromMillis(algiers(15, 10)),
      correctedAt: null,
    });
    const last =
      'Rappeler après 14 h : il veut un devis pour la boutique.\nBudget annoncé : 300 000 DZD.';
    await timeline.doc('b').set({
      type: 'note',
      text: last,
      at: Timestamp.fromMillis(algiers(15, 11)),
      correctedAt: null,
    });
    await timeline.doc('c').set({
      type: 'status',
      status: 'contacte',
      lostReason: null,
      at: Timestamp.fromMillis(algiers(15, 12)),
    });

    const run = await remindOwner(db, algiers(15, 15), withPush);
    expect(run).toEqual({ delivered: [`relance-note-${algiers(15, 15)}`], failures: [] });
    expect(smtp.mails[0]?.text).toContain(`Dernière note (15 janv. 2026, 11:00) :\n${last}\n`);
    expect(smtp.mails[0]?.text).not.toContain('Premier appel');
    const pushes = receiver.received.filter((request) => request.path === '/phone');
    expect(JSON.parse(decryptPushBody(pushes[0]?.body ?? Buffer.alloc(0), phone))).toMatchObject({
      body: 'Relance prévue le jeudi 15 janvier 2026 à 15:00\nDernière note : Rappeler après 14 h : il veut un devis pour la boutique.…',
    });
  });

  it('pushes « Relance : NOM — SUJET » with the lead’s link to each subscribed browser, once per date', async () => {
    // A phone subscribed from the dashboard (shared/backend/firebase/firestore-notifications.ts).
    const phone = browserKeys();
    await db
      .collection('pushSubscriptions')
      .doc('telephone')
      .set({ endpoint: receiver.endpoint('/phone'), keys: phone.json });
    const withPush = deps('off', { push: true });
    await remindOwner(db, algiers(15, 9), withPush);
    await message('pousse', algiers(15, 9, 30));
    await lead('pousse', 'contacte', algiers(15, 15));

    expect((await remindOwner(db, algiers(15, 14, 59), withPush)).delivered).toEqual([]);
    expect(receiver.received.filter((request) => request.path === '/phone')).toEqual([]);
    const run = await remindOwner(db, algiers(15, 15), withPush);
    expect(run).toEqual({ delivered: [`relance-pousse-${algiers(15, 15)}`], failures: [] });
    const pushes = receiver.received.filter((request) => request.path === '/phone');
    expect(pushes).toHaveLength(1);
    expect(pushes[0]?.headers.authorization).toMatch(/^vapid t=.+, k=/);
    expect(JSON.parse(decryptPushBody(pushes[0]?.body ?? Buffer.alloc(0), phone))).toEqual({
      title: 'Relance : Boulangerie El Bahia — Refonte du site',
      body: 'Relance prévue le jeudi 15 janvier 2026 à 15:00',
      url: '/pageDashboard?message=pousse',
      tag: 'relance-pousse',
    });

    // The next run: nothing pushed again.
    expect((await remindOwner(db, algiers(15, 15, 5), withPush)).delivered).toEqual([]);
    expect(receiver.received.filter((request) => request.path === '/phone')).toHaveLength(1);
  });

  it('finishes at the next run what a failed channel left, without sending the rest twice', async () => {
    await remindOwner(db, algiers(15, 9), deps());
    await message('panne', algiers(15, 9, 30));
    await lead('panne', 'devis-envoye', algiers(15, 11));
    await smtp.stop();
    const failed = await remindOwner(db, algiers(15, 11), deps());
    expect(failed.delivered).toEqual([]);
    expect(failed.failures[0]).toMatch(/serveur SMTP/);
    expect(receiver.received).toHaveLength(1);

    await smtp.start();
    const next = await remindOwner(db, algiers(15, 11, 5), deps());
    expect(next.delivered).toEqual([`relance-panne-${algiers(15, 11)}`]);
    expect(subjects()).toEqual(['Relance : Boulangerie El Bahia — Refonte du site']);
    // The webhook had it already.
    expect(receiver.received).toHaveLength(1);
  });

  it('reminds once of a lead still « Nouveau » 2 working hours after it arrived, never of one from before the cut-off', async () => {
    await message('ancien', algiers(10, 10));
    // The first run sets the cut-off.
    await remindOwner(db, algiers(15, 19), deps());
    await message('soir', algiers(15, 19, 30));
    await message('traite', algiers(15, 19, 30), { fullName: 'Transport Oran Sud' });
    await lead('traite', 'contacte', algiers(17, 10));

    expect((await remindOwner(db, algiers(16, 9, 29), deps())).delivered).toEqual([]);
    const run = await remindOwner(db, algiers(16, 9, 30), deps());
    expect(run.delivered).toEqual([`nouveau-soir-${algiers(16, 9, 30)}`]);
    expect(subjects()).toEqual(['Toujours nouveau : Boulangerie El Bahia — Refonte du site']);
    expect((await remindOwner(db, algiers(17, 9), deps())).delivered).toEqual([]);
  });

  it('e-mails the digest at its time, without the messages from before the cut-off, and nothing on an empty day', async () => {
    await message('ancien', algiers(10, 10), { fullName: 'Client Exemple' });
    await remindOwner(db, algiers(15, 7), deps('08:00'));
    await message('attente', algiers(15, 7, 10));
    await message('retard', algiers(15, 7, 20), { fullName: 'Pharmacie du Port' });
    await lead('retard', 'devis-envoye', algiers(15, 12));
    // The reminders of the 15th go first: the digest is what remains.
    await remindOwner(db, algiers(15, 12), deps('off'));
    smtp.mails.length = 0;

    expect((await remindOwner(db, algiers(16, 7, 59), deps('08:00'))).delivered).toEqual([]);
    const run = await remindOwner(db, algiers(16, 8), deps('08:00'));
    expect(run.delivered).toEqual(['resume-2026-01-16']);
    expect(subjects()).toEqual(['Votre journée : 1 en retard, 1 sans réponse']);
    const text = smtp.mails[0]?.text ?? '';
    expect(text).toContain('En retard :\n- Pharmacie du Port — Refonte du site');
    expect(text).toContain(
      'Sans réponse depuis plus de 2 heures ouvrées :\n- Boulangerie El Bahia',
    );
    expect(text).not.toContain('Client Exemple');
    // The webhook does not carry the digest.
    expect(
      receiver.received.every((request) => request.headers['x-webhook-event'] !== 'digest'),
    ).toBe(true);
    expect((await remindOwner(db, algiers(16, 9), deps('08:00'))).delivered).toEqual([]);

    // Every lead closed: no digest the next day, and the day is decided.
    await lead('retard', 'gagne', null);
    await lead('attente', 'perdu', null);
    expect((await remindOwner(db, algiers(17, 8), deps('08:00'))).delivered).toEqual([]);
    expect(subjects()).toHaveLength(1);
    expect((await db.collection('reminderState').doc('state').get()).get('digestDay')).toBe(
      '2026-01-17',
    );
  });

  it('counts in the digest the messages kept as spam in the 24 hours before it, with a link to « Indésirables »', async () => {
    await remindOwner(db, algiers(14, 7), deps('off'));
    // Kept as spam as the form's function keeps it (spam/{id}, with its reason): one 36 hours
    // before the 16th's digest (not counted), two the evening before.
    const spam = (id: string, receivedAt: number) =>
      db
        .collection('spam')
        .doc(id)
        .set({
          ...aContactDocument({ timestamp: Timestamp.fromMillis(receivedAt) }),
          spamReason: 'too-fast',
        });
    await spam('avant-hier', algiers(14, 20));
    await spam('hier-1', algiers(15, 19));
    await spam('hier-2', algiers(15, 21));
    await remindOwner(db, algiers(15, 12), deps('off'));

    const run = await remindOwner(db, algiers(16, 8), deps('08:00'));
    expect(run.delivered).toEqual(['resume-2026-01-16']);
    expect(subjects()).toEqual(['Votre journée : 2 indésirables']);
    const folder = 'https://agence.test/pageDashboard?dossier=indesirables';
    expect(smtp.mails[0]?.text).toContain(
      '2 messages gardés comme indésirables en 24 heures : vérifiez qu’aucun client n’y est tombé.',
    );
    expect(smtp.mails[0]?.text).toContain(`Indésirables : ${folder}`);
    expect(smtp.mails[0]?.html).toContain(`href="${folder}"`);
  });

  it('lists in the digest the quotes sent 3 days ago and never opened, by number, client and day sent (issue 44)', async () => {
    await remindOwner(db, algiers(11, 7), deps('off'));
    await message('devis', algiers(11, 9), { fullName: 'Transport Oran Sud' });
    // Dealt with, its next follow-up far off: only the quotes can put it in a digest.
    await lead('devis', 'devis-envoye', algiers(25, 10));
    const quote = (id: string, fields: Parameters<typeof aSentQuote>[0]) =>
      db
        .collection('quotes')
        .doc(id)
        .set(aQuoteDocument(aSentQuote({ id, leadId: 'devis', ...fields })));
    // Sent on the 12th (as sendQuote writes it); the second one opened by the client on the 13th.
    const sent = { sentAt: algiers(12, 10), issueDate: '2026-01-12', validUntil: '2026-02-11' };
    await quote('pas-ouvert', { ...sent, number: 'DEV-2026-0001' });
    await quote('ouvert', {
      ...sent,
      number: 'DEV-2026-0002',
      viewedAt: algiers(13, 18),
      client: {
        kind: 'entreprise',
        legalName: 'Oran Sud Logistique',
        address: 'Oran',
        rc: '',
        nif: '000016001234567',
        nis: '',
        articleImposition: '',
        phone: '',
      },
    });
    await remindOwner(db, algiers(12, 12), deps('off'));
    smtp.mails.length = 0;

    // The 14th: two days, not yet; nothing else, no digest.
    expect((await remindOwner(db, algiers(14, 8), deps('08:00'))).delivered).toEqual([]);
    const run = await remindOwner(db, algiers(15, 8), deps('08:00'));
    expect(run.delivered).toEqual(['resume-2026-01-15']);
    expect(subjects()).toEqual(['Votre journée : 1 devis non ouvert']);
    const text = smtp.mails[0]?.text ?? '';
    expect(text).toContain(
      'Devis pas encore ouverts, envoyés il y a 3 jours ou plus :\n- DEV-2026-0001 — Transport Oran Sud (envoyé le 12/01/2026)',
    );
    expect(text).not.toContain('Oran Sud Logistique');
    expect(smtp.mails[0]?.html).toContain(
      '<a href="https://agence.test/pageDashboard?message=devis">DEV-2026-0001 — <bdi>Transport Oran Sud</bdi></a>',
    );
  });

  it('lists in the digest the invoices past their due date with something left to pay, each linking to « Factures » (issue 46)', async () => {
    await remindOwner(db, algiers(11, 7), deps('off'));
    await message('facture', algiers(11, 9), { fullName: 'Transport Oran Sud' });
    // Won: no follow-up left, only the money to come.
    await lead('facture', 'gagne', null);
    // Stored as recordInvoicePayment and issueCreditNote store them (invoice-documents.ts).
    const store = async (invoice: Invoice) => {
      await db.collection(INVOICES_COLLECTION).doc(invoice.id).set(invoiceDocumentOf(invoice));
      let ledger = emptyLedgerOf(invoice);
      for (const payment of invoice.payments) ledger = ledgerWithPayment(ledger, payment);
      for (const credit of invoice.credits) ledger = ledgerWithCredit(ledger, credit);
      await db.collection(INVOICE_LEDGERS_COLLECTION).doc(invoice.id).set(ledger);
    };
    const issued = { leadId: 'facture', issueDate: '2026-01-12', issuedAt: algiers(12, 10) };
    // 142 800 DA TTC due on the 14th, 42 800 DA paid on the 13th: late from the 15th.
    await store(
      anIssuedInvoice({
        ...issued,
        id: 'en-retard',
        number: 'FAC-2026-0001',
        dueDate: '2026-01-14',
        payments: [aPayment(4_280_000n, '2026-01-13')],
      }),
    );
    // Paid in full, cancelled by a credit note, due today: none is late.
    await store(
      anIssuedInvoice({
        ...issued,
        id: 'payee',
        number: 'FAC-2026-0002',
        dueDate: '2026-01-13',
        payments: [aPayment(14_280_000n, '2026-01-13')],
      }),
    );
    await store(
      anIssuedInvoice({
        ...issued,
        id: 'annulee',
        number: 'FAC-2026-0003',
        dueDate: '2026-01-13',
        credits: [
          {
            invoiceId: 'avoir',
            number: 'AV-2026-0001',
            issueDate: '2026-01-13',
            amount: 14_280_000n,
          },
        ],
      }),
    );
    await store(
      anIssuedInvoice({
        ...issued,
        id: 'avoir',
        kind: 'avoir',
        number: 'AV-2026-0001',
        issueDate: '2026-01-13',
        dueDate: '2026-01-13',
        corrects: { invoiceId: 'annulee', number: 'FAC-2026-0003', issueDate: '2026-01-12' },
        reason: 'Erreur de saisie',
      }),
    );
    await store(
      anIssuedInvoice({ ...issued, id: 'du-jour', number: 'FAC-2026-0004', dueDate: '2026-01-15' }),
    );

    // The 14th at 08:00: its last day to pay, not late; nothing else, no digest.
    expect((await remindOwner(db, algiers(14, 8), deps('08:00'))).delivered).toEqual([]);
    expect(subjects()).toEqual([]);

    const run = await remindOwner(db, algiers(15, 8), deps('08:00'));
    expect(run).toEqual({ delivered: ['resume-2026-01-15'], failures: [] });
    expect(subjects()).toEqual(['Votre journée : 1 facture en retard']);
    const text = smtp.mails[0]?.text?.replaceAll('\u202f', ' ') ?? '';
    expect(text).toContain(
      'Factures en retard de paiement :\n- FAC-2026-0001 — Transport Oran Sud (reste à payer 100 000,00 DA, échue le 14/01/2026)',
    );
    for (const other of ['FAC-2026-0002', 'FAC-2026-0003', 'FAC-2026-0004', 'AV-2026-0001']) {
      expect(text).not.toContain(other);
    }
    const link = 'https://agence.test/pageDashboard?dossier=factures&facture=en-retard';
    expect(text).toContain(`FAC-2026-0001 : ${link}`);
    expect(smtp.mails[0]?.html).toContain(
      `<a href="${link.replace('&', '&amp;')}">FAC-2026-0001 — <bdi>Transport Oran Sud</bdi></a>`,
    );
  });

  it('takes the digest’s time and the working hours from « Réglages », the screen winning over DIGEST_TIME (issue 49)', async () => {
    const save = (notifications: { digestTime: string; email: string }) =>
      db.doc(SETTINGS_PATH).set({
        settings: settingsSchema.parse({
          ...aFilledSettings(defaultSettings()),
          // Sunday to Thursday, 08:30–17:00; the digest at 07:15.
          notifications,
        }),
        savedAt: Timestamp.now(),
        savedBy: 'patron@agence.test',
        versionId: 'v',
      });
    await save({ digestTime: '07:15', email: '' });
    // DIGEST_TIME says 08:00: « Réglages » wins.
    const run = async (at: number) =>
      (await remindOwner(db, at, { ...deps('08:00'), ...(await remindersSettings(db)) })).delivered;
    await run(algiers(15, 7));
    // Thursday 15 January, 16:00: one working hour left that day, the next on Sunday.
    await message('jeudi', algiers(15, 16));
    expect(await run(algiers(15, 18, 30))).toEqual([]);
    // Friday's digest at 07:15: nothing unanswered yet (nothing to send).
    expect(await run(algiers(16, 7, 14))).toEqual([]);
    expect(await run(algiers(16, 7, 15))).toEqual([]);
    expect(subjects()).toEqual([]);
    expect((await db.collection('reminderState').doc('state').get()).get('digestDay')).toBe(
      '2026-01-16',
    );
    expect(await run(algiers(18, 9, 29))).toEqual([]);
    expect(await run(algiers(18, 9, 30))).toEqual([`nouveau-jeudi-${algiers(18, 9, 30)}`]);
    // Monday's digest at 07:15 names it.
    expect(await run(algiers(19, 7, 15))).toEqual(['resume-2026-01-19']);
    expect(subjects()).toEqual([
      'Toujours nouveau : Boulangerie El Bahia — Refonte du site',
      'Votre journée : 1 sans réponse',
    ]);
    // Turned off on screen: no digest, whatever DIGEST_TIME says.
    await save({ digestTime: 'off', email: '' });
    expect(await run(algiers(20, 8))).toEqual([]);
    expect(subjects()).toHaveLength(2);
  });

  it('deletes a deleted message’s lead, its timeline and its reminders, and nothing else', async () => {
    await message('parti', algiers(15, 9));
    await message('reste', algiers(15, 9));
    await lead('parti', 'contacte', algiers(15, 12));
    await lead('reste', 'contacte', algiers(15, 12));
    await db
      .collection('leads')
      .doc('parti')
      .collection('timeline')
      .doc('note-1')
      .set({
        type: 'note',
        at: Timestamp.fromMillis(algiers(15, 10)),
        text: 'Rappeler après le devis.',
      });
    await remindOwner(db, algiers(15, 9), deps());
    await remindOwner(db, algiers(15, 12), deps());
    expect((await db.collection('reminders').where('contactId', '==', 'parti').get()).size).toBe(1);

    // Its quotes and their answers' notices go with it; another lead's stay.
    await db.collection('quotes').doc('devis-parti').set({ leadId: 'parti', status: 'envoye' });
    await db.collection('quoteAnswers').doc('devis-parti').set({ leadId: 'parti' });
    await db.collection('quotes').doc('devis-reste').set({ leadId: 'reste', status: 'envoye' });

    const stored = (await db.collection('contacts').doc('parti').get()).data() ?? {};
    await db.collection('contacts').doc('parti').delete();
    const snapshot = fft.firestore.makeDocumentSnapshot(stored, 'contacts/parti');
    const wrapped = fft.wrap(removeLeadOnMessageDeletedFunction(() => db));
    await wrapped({ data: snapshot, params: { contactId: 'parti' } } as never);

    expect((await db.collection('leads').doc('parti').get()).exists).toBe(false);
    expect((await db.collection('leads').doc('parti').collection('timeline').get()).empty).toBe(
      true,
    );
    expect((await db.collection('reminders').where('contactId', '==', 'parti').get()).empty).toBe(
      true,
    );
    expect((await db.collection('leads').doc('reste').get()).exists).toBe(true);
    expect((await db.collection('quotes').doc('devis-parti').get()).exists).toBe(false);
    expect((await db.collection('quoteAnswers').doc('devis-parti').get()).exists).toBe(false);
    expect((await db.collection('quotes').doc('devis-reste').get()).exists).toBe(true);
  });

  it('is declared to Cloud Scheduler every 5 minutes, Algiers time, and on the messages’ deletion', () => {
    const scheduled = remindOwnerFunction(NOTIFICATION_CHANNEL_REGISTRY) as unknown as {
      __endpoint: {
        scheduleTrigger?: { schedule?: string; timeZone?: string };
        region?: string[];
      };
    };
    expect(scheduled.__endpoint.scheduleTrigger).toMatchObject({
      schedule: REMINDER_SCHEDULE,
      timeZone: 'Africa/Algiers',
    });
    expect(REMINDER_SCHEDULE).toBe('every 5 minutes');
    const deleted = removeLeadOnMessageDeletedFunction() as unknown as {
      __endpoint: { eventTrigger?: { eventType?: string; eventFilterPathPatterns?: unknown } };
    };
    expect(deleted.__endpoint.eventTrigger?.eventType).toBe(
      'google.cloud.firestore.document.v1.deleted',
    );
    expect(deleted.__endpoint.eventTrigger?.eventFilterPathPatterns).toEqual({
      document: 'contacts/{contactId}',
    });
  });
});
