/**
 * The Cloud Function for real: functions/ built as it is deployed, run by the Functions
 * emulator on the Firestore emulator's own trigger, for a message a visitor sends as the
 * site's form does (the Firebase adapter, the project's rules loaded). The e-mail reaches the
 * local SMTP server the embedded server's tests use, once; with that server down at first, the
 * event is sent again (the trigger's `retry: true`, played by the relay of
 * scripts/functions-emulator.ts: the emulators themselves never retry) and the e-mail arrives once
 * the server is back, still once. The webhook goes to a local HTTPS receiver, signed with the
 * WEBHOOK_SECRET secret, at the same time as the e-mail: one that hangs holds nothing back.
 *
 * The function runs with one more channel, which exists only in the tests (« pigeon »,
 * registered in one line by tests/firebase/functions-with-pigeon.ts): it is sent on with the
 * others, its health and details reach the dashboard's status, and its warning names it by
 * its label. Adding a channel takes its module and that one line.
 */
import { createHmac } from 'node:crypto';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore, Timestamp } from 'firebase-admin/firestore';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createFirebaseBackend } from '../../shared/backend/firebase/index.ts';
import type { Backend } from '../../shared/backend/ports.ts';
import { HONEYPOT_FIELD, type ContactFormValues } from '../../shared/domain/contact.ts';
import { loadRules } from '../../scripts/firebase-emulators.ts';
import { NOTIFICATION_CHANNEL_REGISTRY } from '../../shared/notifications/registry.ts';
import { ChannelWarnings } from '../../src-web/admin/features/notifications/channel-warnings.tsx';
import { documentedWebhookCheck } from '../fixtures/documented-webhook-check.ts';
import { pigeonChannel, PIGEON_GROUNDED, PIGEON_LABEL } from '../fixtures/pigeon-channel.ts';
import { pushService } from '../fixtures/push-endpoint.ts';
import { smtpStandIn, type SmtpStandIn } from '../fixtures/smtp-stand-in.ts';
import { makeTempDir } from '../temp-dirs.ts';
import { SETTINGS_PATH } from '../../shared/backend/firebase/settings-documents.ts';
import { defaultSettings } from '../../shared/domain/settings/effective.ts';
import { settingsSchema } from '../../shared/domain/settings/settings.ts';
import { aFilledSettings } from '../fixtures/settings.ts';
import {
  DEMO_PROJECT,
  emulatorsForFile,
  present,
  resetAccounts,
  ROOT,
  type FileEmulators,
} from './emulators.ts';
import {
  startFunctionsOnTriggers,
  TEST_QUOTE_LINK_SECRET,
  type FunctionsOnTriggers,
} from '../../scripts/functions-emulator.ts';
import { aContactInput } from '../fixtures/messages.ts';

/** The emulator's trigger runs the function in its own process: up to a minute when loaded. */
const TRIGGERED = { timeout: 60_000, interval: 50 };

const available = emulatorsForFile(
  'Cloud Function sur le déclencheur de l’émulateur Firestore',
  import.meta.url,
);

const OWNER = 'proprietaire@agence.test';
const ADMIN = { email: 'proprietaire@pigeon.test', password: 'un mot de passe solide' };
const WEBHOOK_SECRET = 'le secret du webhook, dans Secret Manager';

function aMessage(subject: string): ContactFormValues {
  return aContactInput({
    email: 'contact@el-bahia.dz',
    subject,
    message: 'Bonjour, nous voudrions un site pour nos commandes.',
  });
}

describe.skipIf(!available)('notifyOwnerOfNewMessage on the emulators', () => {
  let emulators: FileEmulators;
  let smtp: SmtpStandIn;
  let receiver: Awaited<ReturnType<typeof pushService>>;
  let functions: FunctionsOnTriggers;
  let visitor: Backend;
  let owner: Backend | undefined;
  let adminApp: App | undefined;
  const cleanups: (() => Promise<void> | void)[] = [];

  beforeAll(async () => {
    emulators = present(available);
    await loadRules(emulators.firestore, emulators.projectId);
    // Not started: the first test begins with the mail server down.
    smtp = await smtpStandIn((cleanup) => cleanups.push(cleanup));
    receiver = await pushService((cleanup) => cleanups.push(cleanup));
    const ca = path.join(makeTempDir('webhook-ca'), 'receiver.pem');
    await writeFile(ca, receiver.cert);
    functions = await startFunctionsOnTriggers({
      firestore: emulators.firestore,
      functionsEvents: emulators.functionsEvents,
      projectId: emulators.projectId,
      // The product's functions, with the test's channel registered.
      entry: path.join(ROOT, 'tests/firebase/functions-with-pigeon.ts'),
      params: {
        NOTIFY_EMAIL: OWNER,
        PUBLIC_URL: 'https://agence.test',
        WEBHOOK_URL: receiver.endpoint('/hook'),
        TEST_LOOPBACK_ENDPOINTS: 'true',
        // Read by Node as the function's process starts (the emulator gives it this file's
        // variables): it trusts the receiver's certificate as it would a public one.
        NODE_EXTRA_CA_CERTS: ca,
      },
      // No VAPID public key is set: the function sends no push.
      secrets: {
        SMTP_URL: smtp.url(),
        VAPID_PRIVATE_KEY: 'sans objet',
        WEBHOOK_SECRET,
        QUOTE_LINK_SECRET: TEST_QUOTE_LINK_SECRET,
      },
    });
    visitor = client('cloud-function-visitor');
  }, 180_000);

  afterAll(async () => {
    await visitor?.close();
    await owner?.close();
    if (adminApp) await deleteApp(adminApp);
    delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
    await functions?.stop();
    for (const cleanup of cleanups) await cleanup();
  }, 60_000);

  /** A browser on the site, with the Firebase backend (the dashboard's, with `channels`). */
  const client = (
    appName: string,
    channels?: Parameters<typeof createFirebaseBackend>[0]['channels'],
  ) =>
    createFirebaseBackend({
      config: {
        apiKey: 'fake-api-key',
        authDomain: `${emulators.projectId}.firebaseapp.com`,
        projectId: emulators.projectId,
        appId: '1:000000000000:web:0000000000000000',
      },
      appName,
      emulators: { auth: `http://${emulators.auth}`, firestore: emulators.firestore },
      ...(channels ? { channels } : {}),
    });

  const mailsAbout = (subject: string) =>
    smtp.mails.filter((mail) => mail.subject?.endsWith(`: ${subject}`));
  const postsAbout = (id: string) =>
    receiver.received.filter((request) => request.headers['x-webhook-id'] === id);

  it('with the mail server down, sends the e-mail once it is back, once', async () => {
    const subject = 'Serveur de courrier en panne';
    const { id } = await visitor.messages.send(aMessage(subject));
    const document = `contacts/${id}`;

    // The function ran on the trigger and failed: the mail server refuses the connection.
    const failed = await functions.waitForDelivery(
      (delivery) => delivery.document === document && delivery.status >= 500,
    );
    expect(smtp.mails).toHaveLength(0);

    await smtp.start();
    const delivered = await functions.waitForDelivery(
      (delivery) => delivery.document === document && delivery.status < 300,
    );
    // Cloud Functions' retry: the same event again, not a new one.
    expect(delivered.eventId).toBe(failed.eventId);
    await smtp.waitForMails(1);
    const [mail] = mailsAbout(subject);
    expect(mail?.to).toMatchObject({ text: OWNER });
    expect(mail?.subject).toBe(`Nouveau message de Boulangerie El Bahia : ${subject}`);
    expect(mail?.replyTo).toMatchObject({ text: expect.stringContaining('contact@el-bahia.dz') });
    expect(mail?.text).toContain('Bonjour, nous voudrions un site pour nos commandes.');
    expect(mailsAbout(subject)).toHaveLength(1);
    // The webhook got it at the first run; the retry did not post it again.
    expect(postsAbout(id)).toHaveLength(1);
    // Once accepted, the event is not sent again.
    const accepted = functions.deliveries.filter(
      (delivery) => delivery.document === document && delivery.status < 300,
    );
    expect(accepted).toHaveLength(1);
  }, 120_000);

  it('sends one e-mail to the owner for a message the form sends', async () => {
    const subject = 'Refonte du site';
    const before = smtp.mails.length;
    const { id } = await visitor.messages.send(aMessage(subject));
    const document = `contacts/${id}`;

    await functions.waitForDelivery(
      (delivery) => delivery.document === document && delivery.status < 300,
    );
    await smtp.waitForMails(before + 1);
    expect(mailsAbout(subject)).toHaveLength(1);
    expect(mailsAbout(subject)[0]?.text).toContain(`https://agence.test/pageDashboard`);
    // The event reached the function once, and it accepted it: nothing is sent twice.
    expect(functions.deliveries.filter((delivery) => delivery.document === document)).toHaveLength(
      1,
    );
  }, 120_000);

  it('sends the owner’s e-mail to the address saved in « Réglages », NOTIFY_EMAIL no longer (issue 49)', async () => {
    const saved = 'reglages@agence.test';
    process.env.FIRESTORE_EMULATOR_HOST = emulators.firestore;
    const app = initializeApp({ projectId: emulators.projectId }, `settings-${Date.now()}`);
    const settingsDoc = getFirestore(app).doc(SETTINGS_PATH);
    try {
      // What the dashboard writes on « Enregistrer » (shared/backend/firebase/firestore-settings.ts).
      await settingsDoc.set({
        settings: settingsSchema.parse({
          ...aFilledSettings(defaultSettings()),
          notifications: { digestTime: 'off', email: saved },
        }),
        savedAt: Timestamp.now(),
        savedBy: ADMIN.email,
        versionId: 'v-adresse',
      });
      const subject = 'Adresse des réglages';
      const { id } = await visitor.messages.send(aMessage(subject));
      await functions.waitForDelivery(
        (delivery) => delivery.document === `contacts/${id}` && delivery.status < 300,
      );
      await vi.waitFor(() => expect(mailsAbout(subject)).toHaveLength(1), TRIGGERED);
      expect(mailsAbout(subject)[0]?.to).toMatchObject({ text: saved });
    } finally {
      // The other cases expect NOTIFY_EMAIL: the first values again.
      await settingsDoc.delete();
      await deleteApp(app);
      delete process.env.FIRESTORE_EMULATOR_HOST;
    }
  }, 120_000);

  it('e-mails the owner while the webhook receiver hangs, and signs the post with the secret', async () => {
    const subject = 'Webhook qui ne répond pas';
    receiver.hold('/hook');
    const { id } = await visitor.messages.send(aMessage(subject));
    const document = `contacts/${id}`;

    // The post has reached the receiver, which does not answer; the e-mail arrives meanwhile,
    // and the run is not over.
    await expect
      .poll(() => [postsAbout(id).length, mailsAbout(subject).length], TRIGGERED)
      .toEqual([1, 1]);
    expect(functions.deliveries.filter((delivery) => delivery.document === document)).toEqual([]);

    receiver.release();
    await functions.waitForDelivery(
      (delivery) => delivery.document === document && delivery.status < 300,
    );
    const [post] = postsAbout(id);
    const sentAt = Number(post?.headers['x-webhook-timestamp']);
    const signature = createHmac('sha256', WEBHOOK_SECRET)
      .update(`${sentAt}.`)
      .update(post?.body ?? '')
      .digest('hex');
    expect(post?.headers['x-webhook-signature']).toBe(`sha256=${signature}`);
    // Fresh: the check docs/inbox.md gives the receiver takes it.
    const check = await documentedWebhookCheck();
    expect(check(post?.body ?? '', post?.headers ?? {}, WEBHOOK_SECRET)).toBe(true);
    expect(mailsAbout(subject)).toHaveLength(1);
  }, 120_000);

  it('notifies nothing of spam; « Pas un indésirable » moves it to contacts and the owner is e-mailed then, once', async () => {
    process.env.FIREBASE_AUTH_EMULATOR_HOST = emulators.auth;
    adminApp ??= initializeApp({ projectId: DEMO_PROJECT }, `cloud-function-admin-${Date.now()}`);
    await resetAccounts(getAuth(adminApp), [{ ...ADMIN, admin: true }]);
    const dashboard = client('cloud-function-spam-owner');
    cleanups.push(() => dashboard.close());
    await dashboard.session.signIn(ADMIN.email, ADMIN.password);

    const subject = 'Rempli par le navigateur';
    const kept = await visitor.messages.send({
      ...aMessage(subject),
      [HONEYPOT_FIELD]: 'https://www.el-bahia.dz',
    });
    // A message sent after it: once its e-mail is in, the spam's would have come too.
    const witness = await visitor.messages.send(aMessage('Témoin des indésirables'));
    await functions.waitForDelivery(
      (delivery) => delivery.document === `contacts/${witness.id}` && delivery.status < 300,
    );
    await expect.poll(() => mailsAbout('Témoin des indésirables').length, TRIGGERED).toBe(1);
    expect(mailsAbout(subject)).toEqual([]);
    expect(functions.deliveries.filter((delivery) => delivery.document.endsWith(kept.id))).toEqual(
      [],
    );
    const spam = await dashboard.messages.listSpam?.();
    expect(spam?.map((message) => [message.id, message.spamReason])).toEqual([
      [kept.id, 'hidden-field'],
    ]);

    await dashboard.messages.restoreSpam?.(kept.id);
    await functions.waitForDelivery(
      (delivery) => delivery.document === `contacts/${kept.id}` && delivery.status < 300,
    );
    await expect.poll(() => mailsAbout(subject).length, TRIGGERED).toBe(1);
    expect(await dashboard.messages.listSpam?.()).toEqual([]);
    expect(mailsAbout(subject)).toHaveLength(1);
  }, 120_000);

  it('notifies nothing of a lead the owner typed in (« Nouveau contact »): the trigger runs, and sends nothing', async () => {
    process.env.FIREBASE_AUTH_EMULATOR_HOST = emulators.auth;
    adminApp ??= initializeApp({ projectId: DEMO_PROJECT }, `cloud-function-admin-${Date.now()}`);
    await resetAccounts(getAuth(adminApp), [{ ...ADMIN, admin: true }]);
    const dashboard = client('cloud-function-typed-in-owner');
    cleanups.push(() => dashboard.close());
    await dashboard.session.signIn(ADMIN.email, ADMIN.password);
    const before = smtp.mails.length;

    const added = await dashboard.leads?.addContact?.({
      fullName: 'Transport Oran Sud',
      source: 'telephone',
      phone: '0661234567',
      email: 'contact@transport-oran-sud.dz',
      subject: 'Saisi au téléphone',
    });
    if (!added) throw new Error('no « Nouveau contact » on the Firebase backend');
    // The function ran on the new document and finished: whatever it would send is sent.
    await functions.waitForDelivery(
      (delivery) => delivery.document === `contacts/${added.id}` && delivery.status < 300,
    );
    expect(mailsAbout('Saisi au téléphone')).toEqual([]);
    expect(smtp.mails.length).toBe(before);
    expect(receiver.received.filter((request) => request.body.includes(added.id))).toEqual([]);
  }, 120_000);

  it('tells the owner of a client’s answer to a quote, once, by e-mail and webhook (notifyOwnerOfQuoteAnswer)', async () => {
    const { id } = await visitor.messages.send(aMessage('Devis pour un site'));
    // What quoteLink writes with the answer (functions/src/quote-link.ts).
    process.env.FIRESTORE_EMULATOR_HOST = emulators.firestore;
    const app = initializeApp({ projectId: emulators.projectId }, `quote-answer-${Date.now()}`);
    try {
      await getFirestore(app)
        .doc('quoteAnswers/devis-1')
        .create({
          leadId: id,
          answer: {
            quoteId: 'devis-1',
            number: 'DEV-2026-0007',
            decision: 'accepte',
            comment: 'Bon pour accord.',
            netToPay: '15079049',
          },
        });
    } finally {
      await deleteApp(app);
      delete process.env.FIRESTORE_EMULATOR_HOST;
    }
    await functions.waitForDelivery(
      (delivery) => delivery.document === 'quoteAnswers/devis-1' && delivery.status < 300,
    );
    const subject = 'Devis accepté : DEV-2026-0007 — Boulangerie El Bahia';
    const mails = () => smtp.mails.filter((mail) => mail.subject === subject);
    await vi.waitFor(() => expect(mails()).toHaveLength(1), TRIGGERED);
    expect(mails()[0]?.to).toMatchObject({ text: OWNER });
    expect(mails()[0]?.text).toContain('150\u202f790,49 DA');
    expect(mails()[0]?.text).toContain('Bon pour accord.');
    const posts = postsAbout('devis-devis-1-accepte');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.headers['x-webhook-event']).toBe('quote.answered');
    // The id and the event under the signature too (issue 47, finding 6).
    expect(JSON.parse(posts[0]?.body.toString('utf8') ?? '{}')).toMatchObject({
      event: 'quote.answered',
      deliveryId: 'devis-devis-1-accepte',
    });
  }, 120_000);

  it('sends on a channel registered by the test alone, and the dashboard names it when it fails', async () => {
    // The dashboard's side of the same registration: the backend reads the test's channel.
    process.env.FIREBASE_AUTH_EMULATOR_HOST = emulators.auth;
    adminApp ??= initializeApp({ projectId: DEMO_PROJECT }, `cloud-function-admin-${Date.now()}`);
    await resetAccounts(getAuth(adminApp), [{ ...ADMIN, admin: true }]);
    const dashboard = client('cloud-function-owner', [
      ...NOTIFICATION_CHANNEL_REGISTRY,
      pigeonChannel(() => Promise.reject(new Error('the dashboard never sends'))),
    ]);
    owner = dashboard;
    await dashboard.session.signIn(ADMIN.email, ADMIN.password);
    const notifications = dashboard.notifications;
    if (!notifications) throw new Error('no notifications in Firebase mode');

    // Fine weather: the pigeon delivers, with the e-mail and the webhook.
    const fine = await visitor.messages.send(aMessage('Beau temps pour un site'));
    await functions.waitForDelivery(
      (delivery) => delivery.document === `contacts/${fine.id}` && delivery.status < 300,
    );
    const delivered = await notifications.status();
    expect(delivered.pigeon).toMatchObject({
      enabled: true,
      lastError: null,
      pending: 0,
      // Its details, published by the function from its settings, read by its schema.
      loft: 'agence.test',
    });
    expect(delivered.pigeon?.lastSuccessAt).toEqual(expect.any(Number));

    // A storm: the pigeon fails (the e-mail still goes), the event is retried, and the
    // dashboard warns of it by its French label, with its error and what waits.
    const storm = await visitor.messages.send(aMessage('Un orage sur la ville'));
    await functions.waitForDelivery(
      (delivery) => delivery.document === `contacts/${storm.id}` && delivery.status >= 500,
    );
    await expect.poll(() => mailsAbout('Un orage sur la ville').length, TRIGGERED).toBe(1);
    const failing = await notifications.status();
    expect(failing.pigeon).toMatchObject({ enabled: true, lastError: PIGEON_GROUNDED, pending: 1 });
    expect(failing.email).toMatchObject({ pending: 0 });
    const warnings = renderToStaticMarkup(
      createElement(ChannelWarnings, { status: failing, channels: notifications.channels }),
    );
    expect(warnings).toContain(`${PIGEON_LABEL} ne reçoit plus les messages.`);
    expect(warnings).toContain(PIGEON_GROUNDED);
    expect(warnings).toContain('1 message attend : nouvel essai automatique.');
  }, 120_000);
});
