/**
 * The Cloud Function's handler, run by firebase-functions-test on a `contacts` document as
 * Firestore would hand it over, sending through the same transports as the embedded server
 * to the same local SMTP server and push service as the server's tests. Firestore's admin
 * collections are kept in memory: the Firestore emulator cannot run on every machine.
 */
import { Timestamp } from 'firebase-admin/firestore';
import functionsTest from 'firebase-functions-test';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import webpush from 'web-push';
import {
  createEmailSender,
  describeSmtpError,
} from '../../src-server/notifications/email-sender.ts';
import {
  createPushSender,
  describePushError,
  SubscriptionGoneError,
} from '../../src-server/notifications/push-sender.ts';
import { browserKeys, decryptPushBody, pushService } from '../../tests/fixtures/push-endpoint.ts';
import { smtpStandIn } from '../../tests/fixtures/smtp-stand-in.ts';
import type {
  NotificationStore,
  NotifyOwnerDeps,
  StoredSubscription,
} from '../src/notify-owner.ts';
import { notifyOwnerTrigger } from '../src/trigger.ts';

const fft = functionsTest({ projectId: 'demo-agence' });
afterAll(() => fft.cleanup());

/** The admin-only collections, in memory. */
function memoryStore(subscriptions: StoredSubscription[]) {
  const delivered = new Map<string, Set<string>>();
  const health: { channel: string; error: string | null }[] = [];
  const store: NotificationStore = {
    async subscriptions() {
      return [...subscriptions];
    },
    async removeSubscription(endpoint) {
      subscriptions.splice(
        subscriptions.findIndex((subscription) => subscription.endpoint === endpoint),
        1,
      );
    },
    async delivered(contactId) {
      return new Set(delivered.get(contactId));
    },
    async markDelivered(contactId, target) {
      delivered.set(contactId, new Set([...(delivered.get(contactId) ?? []), target]));
    },
    async recordHealth(channel, error) {
      health.push({ channel, error });
    },
  };
  return { store, subscriptions, health };
}

const DOCUMENT = {
  fullName: 'Boulangerie El Bahia',
  service: 'Design',
  email: 'contact@boulangerie-elbahia.dz',
  phone: '+213555123456',
  subject: 'Refonte du site',
  message: 'Bonjour, je souhaite refaire le site de ma boutique.',
  timestamp: Timestamp.fromMillis(Date.UTC(2026, 10, 22, 9, 30)),
};

function event(contactId: string, time = new Date().toISOString()) {
  return {
    data: fft.firestore.makeDocumentSnapshot(DOCUMENT, `contacts/${contactId}`),
    params: { contactId },
    time,
  };
}

describe('the Cloud Function notifyOwnerOfNewMessage', () => {
  it('e-mails the owner and pushes to each subscribed browser; a gone one is removed', async () => {
    const smtp = await smtpStandIn(onTestFinished);
    await smtp.start();
    const service = await pushService(onTestFinished);
    const phone = browserKeys();
    const { store, subscriptions } = memoryStore([
      { endpoint: service.endpoint('/phone'), keys: phone.json },
      { endpoint: service.endpoint('/gone'), keys: browserKeys().json },
    ]);
    service.markGone('/gone');
    const sender = createEmailSender({
      smtpUrl: smtp.url(),
      from: 'site@agence.test',
      pooled: false,
    });
    const push = createPushSender({
      vapid: webpush.generateVAPIDKeys(),
      subject: 'mailto:patron@agence.test',
      agent: service.agent,
    });
    const deps: NotifyOwnerDeps = {
      store,
      email: {
        send: (mail) => sender.send(mail),
        to: 'patron@agence.test',
        domain: 'agence.test',
        publicUrl: 'https://agence.web.app',
        describe: (error) => describeSmtpError(error, '127.0.0.1'),
      },
      push: {
        send: (subscription, payload) => push.send(subscription, payload),
        isGone: (error) => error instanceof SubscriptionGoneError,
        describe: describePushError,
      },
    };
    const wrapped = fft.wrap(notifyOwnerTrigger(() => deps));

    await wrapped(event('message-1'));

    const [mail] = await smtp.waitForMails(1);
    expect(mail?.subject).toBe('Nouveau message de Boulangerie El Bahia : Refonte du site');
    expect(mail?.messageId).toBe('<contact-message-1@agence.test>');
    expect(mail?.replyTo?.value).toEqual([
      { name: 'Boulangerie El Bahia', address: 'contact@boulangerie-elbahia.dz' },
    ]);
    expect(mail?.text).toContain('Téléphone : 0555123456 (WhatsApp : https://wa.me/213555123456)');
    expect(mail?.text).toContain('https://agence.web.app/pageDashboard?message=message-1');

    const toPhone = service.received.find((request) => request.path === '/phone');
    if (!toPhone) throw new Error('nothing pushed to the phone');
    expect(JSON.parse(decryptPushBody(toPhone.body, phone))).toEqual({
      title: 'Nouveau message de Boulangerie El Bahia',
      body: 'Design · Refonte du site',
      url: '/pageDashboard?message=message-1',
      tag: 'message-1',
    });
    expect(subscriptions.map((subscription) => subscription.endpoint)).toEqual([
      service.endpoint('/phone'),
    ]);

    // A retry of the same event (Cloud Functions delivers at least once) sends nothing again.
    await wrapped(event('message-1'));
    expect(smtp.mails).toHaveLength(1);
    expect(service.received.filter((request) => request.path === '/phone')).toHaveLength(1);
  });

  it('fails while the SMTP server is down (so that the event is retried), then delivers', async () => {
    const smtp = await smtpStandIn(onTestFinished); // down
    const { store, health } = memoryStore([]);
    const sender = createEmailSender({
      smtpUrl: smtp.url(),
      from: 'site@agence.test',
      pooled: false,
    });
    const deps: NotifyOwnerDeps = {
      store,
      email: {
        send: (mail) => sender.send(mail),
        to: 'patron@agence.test',
        domain: 'agence.test',
        publicUrl: 'https://agence.web.app',
        describe: (error) => describeSmtpError(error, `127.0.0.1:${smtp.port}`),
      },
      push: null,
    };
    const wrapped = fft.wrap(notifyOwnerTrigger(() => deps));

    await expect(wrapped(event('message-2'))).rejects.toThrow(/refuse la connexion/);
    expect(health.at(-1)).toEqual({
      channel: 'email',
      error: `le serveur SMTP (127.0.0.1:${smtp.port}) refuse la connexion : il est arrêté, ou le port est faux.`,
    });

    await smtp.start();
    await wrapped(event('message-2'));
    expect((await smtp.waitForMails(1))[0]?.messageId).toBe('<contact-message-2@agence.test>');
    expect(health.at(-1)).toEqual({ channel: 'email', error: null });

    // Three days on, an event still failing is given up on rather than retried for ever.
    await smtp.stop();
    const old = new Date(Date.now() - 3 * 24 * 3600_000 - 1000).toISOString();
    await expect(wrapped(event('message-3', old))).resolves.toBeUndefined();
  });
});
