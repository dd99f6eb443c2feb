/**
 * The Cloud Functions of the Firebase mode (2nd gen). Bundled with the shared code into
 * lib/index.js by `npm run functions:build` (firebase.json runs it before each deploy):
 * Firebase deploys this folder alone.
 */
import { initializeApp } from 'firebase-admin/app';
import { FieldValue, getFirestore } from 'firebase-admin/firestore';
import { defineSecret, defineString } from 'firebase-functions/params';
import { SMTP_FAILURES } from '../../shared/domain/messages.ts';
import { readSmtpUrl, smtpAccountAddress } from '../../shared/notifications/smtp-url.ts';
import { createEmailTransport } from '../../shared/node/email-transport.ts';
import { createPushTransport } from '../../shared/node/push-transport.ts';
import { createWebhookTransport } from '../../shared/node/webhook-transport.ts';
import type { EmailTransport } from '../../shared/notifications/delivery.ts';
import type { NotificationStore, NotifyOwnerDeps } from './notify-owner.ts';
import { notifyOwnerTrigger } from './trigger.ts';

/** smtps://user:password@host:465 — a secret: `npx firebase functions:secrets:set SMTP_URL`. */
const SMTP_URL = defineSecret('SMTP_URL');
/** The VAPID private key (base64url); its public half is VITE_VAPID_PUBLIC_KEY in the site. */
const VAPID_PRIVATE_KEY = defineSecret('VAPID_PRIVATE_KEY');
const VAPID_PUBLIC_KEY = defineString('VAPID_PUBLIC_KEY', { default: '' });
const NOTIFY_EMAIL = defineString('NOTIFY_EMAIL');
const MAIL_FROM = defineString('MAIL_FROM', { default: '' });
const PUBLIC_URL = defineString('PUBLIC_URL');
/**
 * Each new message POSTed as signed JSON to this https address (docs/inbox.md, « Le
 * webhook »); empty: no webhook.
 */
const WEBHOOK_URL = defineString('WEBHOOK_URL', { default: '' });
/**
 * The webhook's signing key (16 characters at least), a secret like SMTP_URL:
 * `npx firebase functions:secrets:set WEBHOOK_SECRET` (docs/firebase.md).
 */
const WEBHOOK_SECRET = defineSecret('WEBHOOK_SECRET');
/** Tests on the emulators only: push endpoints on this machine (127.0.0.1, ::1) accepted. */
const TEST_LOOPBACK_ENDPOINTS = defineString('TEST_LOOPBACK_ENDPOINTS', { default: 'false' });

initializeApp();

/** The admin-only collections of firestore.rules. */
function firestoreStore(): NotificationStore {
  const db = getFirestore();
  const subscriptions = db.collection('pushSubscriptions');
  const status = db.collection('notificationStatus');
  const deliveries = db.collection('notificationDeliveries');
  return {
    async subscriptions() {
      const snapshot = await subscriptions.get();
      return snapshot.docs.flatMap((doc) => {
        const { endpoint, keys } = doc.data();
        return typeof endpoint === 'string' && keys?.p256dh && keys?.auth
          ? [{ endpoint, keys: { p256dh: String(keys.p256dh), auth: String(keys.auth) } }]
          : [];
      });
    },
    async removeSubscription(endpoint) {
      const found = await subscriptions.where('endpoint', '==', endpoint).get();
      await Promise.all(found.docs.map((doc) => doc.ref.delete()));
    },
    async delivered(contactId) {
      const doc = await deliveries.doc(contactId).get();
      const targets: unknown = doc.get('targets');
      return new Set(Array.isArray(targets) ? targets.map(String) : []);
    },
    async markDelivered(contactId, target) {
      await deliveries
        .doc(contactId)
        .set({ targets: FieldValue.arrayUnion(target) }, { merge: true });
    },
    async markPending(contactId, channels) {
      await deliveries.doc(contactId).set({ pending: [...channels] }, { merge: true });
    },
    async recordHealth(channel, { succeeded, lastError, givenUp }) {
      await status.doc(channel).set(
        {
          ...(succeeded ? { lastSuccessAt: FieldValue.serverTimestamp() } : {}),
          ...(lastError === null ? {} : { lastFailureAt: FieldValue.serverTimestamp(), lastError }),
          ...(givenUp > 0 ? { failed: FieldValue.increment(givenUp) } : {}),
        },
        { merge: true },
      );
    },
    async publishConfiguration(configuration) {
      await Promise.all(
        Object.entries(configuration).map(([channel, settings]) =>
          status.doc(channel).set(settings, { merge: true }),
        ),
      );
    },
  };
}

/** The transports, from the secrets and parameters (null when not set). */
function liveDeps(store: NotificationStore): NotifyOwnerDeps {
  const smtpUrl = SMTP_URL.value();
  // As on the embedded server: MAIL_FROM, else the SMTP account when it is an address (the
  // mail services refuse another sender), else the owner's address.
  const from =
    MAIL_FROM.value() || (smtpUrl && smtpAccountAddress(smtpUrl)) || NOTIFY_EMAIL.value();
  const vapid = { publicKey: VAPID_PUBLIC_KEY.value(), privateKey: VAPID_PRIVATE_KEY.value() };
  const mailbox = { to: NOTIFY_EMAIL.value(), from, publicUrl: PUBLIC_URL.value() };
  const transport: EmailTransport | null = !smtpUrl
    ? null
    : readSmtpUrl(smtpUrl)
      ? createEmailTransport({ smtpUrl, from, pooled: false })
      : {
          // An unreadable secret: the dashboard says so, and the pushes still go.
          send: () => Promise.reject(new Error(SMTP_FAILURES.unreadableUrl())),
          describe: () => SMTP_FAILURES.unreadableUrl(),
          close() {},
        };
  const addresses = { allowLoopback: TEST_LOOPBACK_ENDPOINTS.value() === 'true' };
  const webhookUrl = WEBHOOK_URL.value();
  const webhookSecret = WEBHOOK_SECRET.value();
  return {
    store,
    email: transport ? { transport, mailbox } : null,
    webhook:
      webhookUrl && webhookSecret.length >= 16
        ? {
            transport: createWebhookTransport({
              url: webhookUrl,
              secret: webhookSecret,
              addresses,
            }),
            host: new URL(webhookUrl).host,
            publicUrl: PUBLIC_URL.value(),
          }
        : null,
    push:
      vapid.publicKey && vapid.privateKey
        ? createPushTransport({
            vapid,
            subject: `mailto:${NOTIFY_EMAIL.value()}`,
            addresses,
          })
        : null,
  };
}

/** A new message: e-mail, webhook and push to the owner. */
export const notifyOwnerOfNewMessage = notifyOwnerTrigger(
  () => liveDeps(firestoreStore()),
  [SMTP_URL, VAPID_PRIVATE_KEY, WEBHOOK_SECRET],
);
