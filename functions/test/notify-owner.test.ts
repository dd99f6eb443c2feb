/**
 * The Cloud Function's handler, run by firebase-functions-test on a `contacts` document as
 * Firestore would hand it over, sending through the same transports as the embedded server
 * to the same local SMTP server and push service as the server's tests. Firestore's admin
 * collections are kept in memory here (the run on the emulators' real trigger is elsewhere).
 */
import { createHmac } from 'node:crypto';
import { Timestamp } from 'firebase-admin/firestore';
import functionsTest from 'firebase-functions-test';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import type { Agent } from 'node:https';
import webpush from 'web-push';
import { SMTP_TIMEOUTS } from '../../shared/node/email-transport.ts';
import { PUSH_TIMEOUT_MS } from '../../shared/node/push-transport.ts';
import { nodeTransports } from '../../shared/node/transports.ts';
import { WEBHOOK_TIMEOUT_MS } from '../../shared/node/webhook-transport.ts';
import { setUpChannels } from '../../shared/notifications/channel.ts';
import { NOTIFICATION_CHANNEL_REGISTRY } from '../../shared/notifications/registry.ts';
import { toContactMessage } from '../../shared/backend/firebase/contact-documents.ts';
import { aContactDocument } from '../../tests/fixtures/messages.ts';
import { documentedWebhookCheck } from '../../tests/fixtures/documented-webhook-check.ts';
import { browserKeys, decryptPushBody, pushService } from '../../tests/fixtures/push-endpoint.ts';
import { smtpStandIn, stalledSmtpServer } from '../../tests/fixtures/smtp-stand-in.ts';
import {
  CHANNEL_DEADLINE_MS,
  GIVE_UP_AFTER_MS,
  notifyOwner,
  type PublishedConfiguration,
  type NotificationStore,
  type NotifyOwnerDeps,
  type StoredSubscription,
} from '../src/notify-owner.ts';
import { FUNCTION_TIMEOUT_SECONDS, notifyOwnerTrigger } from '../src/trigger.ts';

const fft = functionsTest({ projectId: 'demo-agence' });
afterAll(() => fft.cleanup());

/** The admin-only collections, in memory. */
function memoryStore(subscriptions: StoredSubscription[]) {
  const delivered = new Map<string, Set<string>>();
  const pending = new Map<string, readonly string[]>();
  const health: { channel: string; error: string | null; givenUp: number }[] = [];
  const configuration: PublishedConfiguration[] = [];
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
    async markPending(contactId, channels) {
      pending.set(contactId, [...channels]);
    },
    async recordHealth(channel, { lastError, givenUp }) {
      health.push({ channel, error: lastError, givenUp });
    },
    async publishConfiguration(published) {
      configuration.push(published);
    },
  };
  return { store, subscriptions, health, configuration, delivered, pending };
}

const DOCUMENT = aContactDocument({
  timestamp: Timestamp.fromMillis(Date.UTC(2026, 10, 22, 9, 30)),
});

function event(contactId: string, time = new Date().toISOString()) {
  return {
    data: fft.firestore.makeDocumentSnapshot(DOCUMENT, `contacts/${contactId}`),
    params: { contactId },
    time,
  };
}

/**
 * The registry's channels set up as the function does, from these settings (its parameters
 * and secrets), for the owner at agence.test; `agent` trusts the test's local receivers.
 */
function channels(
  settings: Record<string, string>,
  { agent, loopback = true }: { agent?: Agent; loopback?: boolean } = {},
): NotifyOwnerDeps['channels'] {
  const all: Record<string, string> = { MAIL_FROM: 'site@agence.test', ...settings };
  const live = setUpChannels(NOTIFICATION_CHANNEL_REGISTRY, {
    setting: (name) => all[name],
    ownerEmail: 'patron@agence.test',
    publicUrl: 'https://agence.web.app',
    transports: nodeTransports({
      pooledEmail: false,
      addresses: { allowLoopback: loopback },
      pushAgent: agent,
      webhookAgent: agent,
    }),
  });
  onTestFinished(() => live.forEach((channel) => channel.close()));
  return live;
}

/** A VAPID pair, as the parameter and the secret give it. */
function vapid(): Record<string, string> {
  const keys = webpush.generateVAPIDKeys();
  return { VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey };
}

const WEBHOOK_SECRET = 'un secret partagé de test, assez long';

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
    const deps: NotifyOwnerDeps = {
      store,
      channels: channels({ SMTP_URL: smtp.url(), ...vapid() }, { agent: service.agent }),
    };
    const wrapped = fft.wrap(notifyOwnerTrigger(() => deps));

    await wrapped(event('message-1'));

    const [mail] = await smtp.waitForMails(1);
    expect(mail?.subject).toBe('Nouveau message de Boulangerie El Bahia : Refonte du site');
    expect(mail?.messageId).toBe('<contact-message-1@agence.test>');
    expect(mail?.replyTo?.value).toEqual([
      { name: 'Boulangerie El Bahia', address: 'contact@boulangerie-elbahia.dz' },
    ]);
    expect(mail?.text).toContain(
      'Téléphone : \u20680555 12 34 56\u2069 (appeler : tel:+213555123456 ; WhatsApp : https://wa.me/213555123456)',
    );
    expect(mail?.text).toContain('https://agence.web.app/pageDashboard?message=message-1');

    const toPhone = service.received.find((request) => request.path === '/phone');
    if (!toPhone) throw new Error('nothing pushed to the phone');
    expect(JSON.parse(decryptPushBody(toPhone.body, phone))).toEqual({
      title: 'Nouveau message de Boulangerie El Bahia',
      body: 'FR · Design · Refonte du site',
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
    const deps: NotifyOwnerDeps = { store, channels: channels({ SMTP_URL: smtp.url() }) };
    const wrapped = fft.wrap(notifyOwnerTrigger(() => deps));

    await expect(wrapped(event('message-2'))).rejects.toThrow(/refuse la connexion/);
    expect(health.at(-1)).toEqual({
      channel: 'email',
      givenUp: 0,
      error: `le serveur SMTP (127.0.0.1:${smtp.port}) refuse la connexion : il est arrêté, ou le port est faux.`,
    });

    await smtp.start();
    await wrapped(event('message-2'));
    expect((await smtp.waitForMails(1))[0]?.messageId).toBe('<contact-message-2@agence.test>');
    expect(health.at(-1)).toEqual({ channel: 'email', error: null, givenUp: 0 });
  });

  it('retries an event 22 h 59 old, gives up (and counts it) at 23 h', async () => {
    const smtp = await smtpStandIn(onTestFinished); // down for good
    const { store, health } = memoryStore([]);
    const deps: NotifyOwnerDeps = { store, channels: channels({ SMTP_URL: smtp.url() }) };
    const message = toContactMessage({ id: 'message-3', data: DOCUMENT });
    if (!message) throw new Error('unreadable document');
    const sent = Date.UTC(2026, 10, 22, 9, 30);

    await expect(
      notifyOwner(message, sent, sent + 22 * 3600_000 + 59 * 60_000, deps),
    ).rejects.toThrow(/refuse la connexion/);
    expect(health.at(-1)?.givenUp).toBe(0);

    await expect(
      notifyOwner(message, sent, sent + GIVE_UP_AFTER_MS, deps),
    ).resolves.toBeUndefined();
    expect(health.at(-1)).toMatchObject({ channel: 'email', givenUp: 1 });
    expect(GIVE_UP_AFTER_MS).toBe(23 * 3600_000);
  });

  it('publishes the e-mail settings it runs with, for the dashboard', async () => {
    const smtp = await smtpStandIn(onTestFinished);
    await smtp.start();
    const message = toContactMessage({ id: 'message-4', data: DOCUMENT });
    if (!message) throw new Error('unreadable document');
    const withEmail = memoryStore([]);
    await notifyOwner(message, Date.now(), Date.now(), {
      store: withEmail.store,
      channels: channels({ SMTP_URL: smtp.url() }),
    });
    expect(withEmail.configuration).toEqual([
      {
        email: { enabled: true, recipient: 'patron@agence.test', digestTime: '08:00' },
        push: { enabled: false, publicKey: null },
        webhook: { enabled: false, host: null },
      },
    ]);

    const without = memoryStore([]);
    await notifyOwner(message, Date.now(), Date.now(), {
      store: without.store,
      channels: channels({}),
    });
    expect(without.configuration).toEqual([
      {
        email: { enabled: false, recipient: null, digestTime: null },
        push: { enabled: false, publicKey: null },
        webhook: { enabled: false, host: null },
      },
    ]);
  });

  it('contacts no push service on this machine or a private network, and says so in French', async () => {
    const service = await pushService(onTestFinished);
    const { store, health } = memoryStore([
      { endpoint: service.endpoint('/phone'), keys: browserKeys().json },
    ]);
    const deps: NotifyOwnerDeps = {
      store,
      // As deployed: public addresses only.
      channels: channels(vapid(), { agent: service.agent, loopback: false }),
    };
    const message = toContactMessage({ id: 'message-5', data: DOCUMENT });
    if (!message) throw new Error('unreadable document');
    await expect(notifyOwner(message, Date.now(), Date.now(), deps)).rejects.toThrow(
      /l’adresse 127\.0\.0\.1 mène à cette machine ou à un réseau privé/,
    );
    expect(service.received).toHaveLength(0);
    expect(health.at(-1)).toMatchObject({ channel: 'push', givenUp: 0 });
  });

  it('posts the message to the webhook, signed, once, and retries it while the receiver fails', async () => {
    const receiver = await pushService(onTestFinished);
    const { store, health } = memoryStore([]);
    const secret = WEBHOOK_SECRET;
    const deps = (path: string): NotifyOwnerDeps => ({
      store,
      channels: channels(
        { WEBHOOK_URL: receiver.endpoint(path), WEBHOOK_SECRET },
        { agent: receiver.agent },
      ),
    });
    const message = toContactMessage({ id: 'message-6', data: DOCUMENT });
    if (!message) throw new Error('unreadable document');

    receiver.markGone('/down');
    await expect(notifyOwner(message, Date.now(), Date.now(), deps('/down'))).rejects.toThrow(
      /le webhook .+ a répondu 410/,
    );
    expect(health.at(-1)).toMatchObject({ channel: 'webhook', givenUp: 0 });

    await notifyOwner(message, Date.now(), Date.now(), deps('/hook'));
    await notifyOwner(message, Date.now(), Date.now(), deps('/hook')); // a repeated event
    const posted = receiver.received.filter((request) => request.path === '/hook');
    expect(posted).toHaveLength(1);
    const [request] = posted;
    // Signed with its time, as the embedded server signs: what docs/inbox.md checks.
    const sentAt = Number(request?.headers['x-webhook-timestamp']);
    expect(request?.headers['x-webhook-signature']).toBe(
      `sha256=${createHmac('sha256', secret)
        .update(`${sentAt}.`)
        .update(request?.body ?? '')
        .digest('hex')}`,
    );
    const check = await documentedWebhookCheck();
    expect(check(request?.body ?? '', request?.headers ?? {}, secret)).toBe(true);
    expect(check(request?.body ?? '', request?.headers ?? {}, secret, (sentAt + 301) * 1000)).toBe(
      false,
    );
    expect(JSON.parse(request?.body.toString('utf8') ?? '{}')).toMatchObject({
      event: 'contact.created',
      id: 'message-6',
      url: 'https://agence.web.app/pageDashboard?message=message-6',
    });
  });

  it('still e-mails the owner when WEBHOOK_URL is unusable, and says why on the webhook', async () => {
    const smtp = await smtpStandIn(onTestFinished);
    await smtp.start();
    for (const [i, url] of ['pas une adresse', 'http://n8n.exemple.dz/webhook'].entries()) {
      const { store, health } = memoryStore([]);
      const deps: NotifyOwnerDeps = {
        store,
        channels: channels({ SMTP_URL: smtp.url(), WEBHOOK_URL: url, WEBHOOK_SECRET }),
      };
      const message = toContactMessage({ id: `message-bad-hook-${i}`, data: DOCUMENT });
      if (!message) throw new Error('unreadable document');
      // The event fails for the webhook alone (Cloud Functions retries it)…
      await expect(notifyOwner(message, Date.now(), Date.now(), deps)).rejects.toThrow(
        /WEBHOOK_URL n’est pas une adresse https:\/\/ lisible/,
      );
      // …while the e-mail has gone, and the dashboard learns what is wrong with the webhook.
      await smtp.waitForMails(i + 1);
      expect(health.find((entry) => entry.channel === 'webhook')?.error).toMatch(
        /WEBHOOK_URL n’est pas une adresse https:\/\/ lisible/,
      );
      expect(health.find((entry) => entry.channel === 'email')?.error).toBeNull();
    }
  });

  it('e-mails and pushes while the webhook receiver hangs; a retry sends only what is left', async () => {
    const smtp = await smtpStandIn(onTestFinished);
    await smtp.start();
    const receiver = await pushService(onTestFinished);
    receiver.hold('/hook');
    const { store, pending } = memoryStore([
      { endpoint: receiver.endpoint('/phone'), keys: browserKeys().json },
    ]);
    const keys = vapid();
    const deps = (webhookPath: string): NotifyOwnerDeps => ({
      store,
      channels: channels(
        {
          SMTP_URL: smtp.url(),
          ...keys,
          WEBHOOK_URL: receiver.endpoint(webhookPath),
          WEBHOOK_SECRET,
        },
        { agent: receiver.agent },
      ),
    });
    const message = toContactMessage({ id: 'message-7', data: DOCUMENT });
    if (!message) throw new Error('unreadable document');

    let settled = false;
    const run = notifyOwner(message, Date.now(), Date.now(), deps('/hook')).finally(() => {
      settled = true;
    });
    // The webhook's post has arrived and hangs; the e-mail and the push arrive meanwhile.
    await smtp.waitForMails(1);
    await receiver.waitForPushes(2);
    expect(receiver.received.map((request) => request.path).sort()).toEqual(['/hook', '/phone']);
    expect(settled).toBe(false);
    expect(pending.get('message-7')).toEqual(['email', 'push', 'webhook']);

    // The receiver fails at last: the e-mail and the push are recorded as delivered, the
    // webhook alone waits for the retry.
    receiver.markGone('/hook');
    receiver.release();
    await expect(run).rejects.toThrow(/le webhook .+ a répondu 410/);
    expect(pending.get('message-7')).toEqual(['webhook']);

    await notifyOwner(message, Date.now(), Date.now(), deps('/hook-back'));
    expect(smtp.mails).toHaveLength(1);
    expect(receiver.received.map((request) => request.path).sort()).toEqual([
      '/hook',
      '/hook-back',
      '/phone',
    ]);
    expect(pending.get('message-7')).toEqual([]);
  });

  it('posts to the webhook while the SMTP server hangs, and gives the e-mail up for this run at the deadline', async () => {
    const stalled = await stalledSmtpServer(onTestFinished);
    const receiver = await pushService(onTestFinished);
    const { store, pending, delivered, health } = memoryStore([]);
    const deps: NotifyOwnerDeps = {
      store,
      channels: channels(
        { SMTP_URL: stalled.url, WEBHOOK_URL: receiver.endpoint('/hook'), WEBHOOK_SECRET },
        { agent: receiver.agent },
      ),
      deadlineMs: 3000,
    };
    const message = toContactMessage({ id: 'message-8', data: DOCUMENT });
    if (!message) throw new Error('unreadable document');

    const run = notifyOwner(message, Date.now(), Date.now(), deps);
    await receiver.waitForPushes(1);
    expect(stalled.connections()).toBeGreaterThan(0);
    await expect(run).rejects.toThrow(
      'l’envoi de l’e-mail n’a pas abouti en 3 secondes : nouvel essai plus tard.',
    );
    expect([...(delivered.get('message-8') ?? [])]).toEqual(['webhook']);
    expect(pending.get('message-8')).toEqual(['email']);
    expect(health).toContainEqual({ channel: 'webhook', error: null, givenUp: 0 });
  });

  it('runs long enough for the slowest channel, and no longer than Cloud Functions allows', () => {
    const trigger = notifyOwnerTrigger(() => {
      throw new Error('not run');
    });
    expect(trigger.__endpoint.timeoutSeconds).toBe(FUNCTION_TIMEOUT_SECONDS);
    // Each channel is cut at the deadline; the deadline leaves each its own timeouts.
    const smtp = SMTP_TIMEOUTS.connectionMs + SMTP_TIMEOUTS.greetingMs + SMTP_TIMEOUTS.socketMs;
    expect(CHANNEL_DEADLINE_MS).toBeGreaterThanOrEqual(
      Math.max(smtp, WEBHOOK_TIMEOUT_MS, PUSH_TIMEOUT_MS),
    );
    expect(FUNCTION_TIMEOUT_SECONDS * 1000).toBeGreaterThan(CHANNEL_DEADLINE_MS);
    // Event-driven functions stop at 540 s at most.
    expect(FUNCTION_TIMEOUT_SECONDS).toBeLessThanOrEqual(540);
  });
});
