/**
 * The Cloud Function for real: functions/ built as it is deployed, run by the Functions
 * emulator on the Firestore emulator's own trigger, for a message a visitor sends as the
 * site's form does (the Firebase adapter, the project's rules loaded). The e-mail reaches the
 * local SMTP server the embedded server's tests use, once; with that server down at first, the
 * event is sent again (the trigger's `retry: true`, played by the relay of
 * scripts/functions-emulator.ts: the emulators themselves never retry) and the e-mail arrives once
 * the server is back, still once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFirebaseBackend } from '../../shared/backend/firebase/index.ts';
import type { Backend } from '../../shared/backend/ports.ts';
import type { ContactFormValues } from '../../shared/domain/contact.ts';
import { loadRules } from '../../scripts/firebase-emulators.ts';
import { smtpStandIn, type SmtpStandIn } from '../fixtures/smtp-stand-in.ts';
import { emulatorsForFile, present, type FileEmulators } from './emulators.ts';
import {
  startFunctionsOnTriggers,
  type FunctionsOnTriggers,
} from '../../scripts/functions-emulator.ts';

const available = emulatorsForFile(
  'Cloud Function sur le déclencheur de l’émulateur Firestore',
  import.meta.url,
);

const OWNER = 'proprietaire@agence.test';

function aMessage(subject: string): ContactFormValues {
  return {
    fullName: 'Boulangerie El Bahia',
    service: 'Développement',
    email: 'contact@el-bahia.dz',
    phone: '0555 12 34 56',
    subject,
    message: 'Bonjour, nous voudrions un site pour nos commandes.',
  };
}

describe.skipIf(!available)('notifyOwnerOfNewMessage on the emulators', () => {
  let emulators: FileEmulators;
  let smtp: SmtpStandIn;
  let functions: FunctionsOnTriggers;
  let visitor: Backend;
  const cleanups: (() => Promise<void> | void)[] = [];

  beforeAll(async () => {
    emulators = present(available);
    await loadRules(emulators.firestore, emulators.projectId);
    // Not started: the first test begins with the mail server down.
    smtp = await smtpStandIn((cleanup) => cleanups.push(cleanup));
    functions = await startFunctionsOnTriggers({
      firestore: emulators.firestore,
      functionsEvents: emulators.functionsEvents,
      projectId: emulators.projectId,
      params: { NOTIFY_EMAIL: OWNER, PUBLIC_URL: 'https://agence.test' },
      // No VAPID public key is set: the function sends no push.
      secrets: { SMTP_URL: smtp.url(), VAPID_PRIVATE_KEY: 'sans objet' },
    });
    visitor = createFirebaseBackend({
      config: {
        apiKey: 'fake-api-key',
        authDomain: `${emulators.projectId}.firebaseapp.com`,
        projectId: emulators.projectId,
        appId: '1:000000000000:web:0000000000000000',
      },
      appName: 'cloud-function-visitor',
      emulators: { auth: `http://${emulators.auth}`, firestore: emulators.firestore },
    });
  }, 180_000);

  afterAll(async () => {
    await visitor?.close();
    await functions?.stop();
    for (const cleanup of cleanups) await cleanup();
  }, 60_000);

  const mailsAbout = (subject: string) =>
    smtp.mails.filter((mail) => mail.subject?.endsWith(`: ${subject}`));

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
});
