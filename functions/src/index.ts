/**
 * The Cloud Functions of the Firebase mode (2nd gen). Bundled with the shared code into
 * lib/index.js by `npm run functions:build` (firebase.json runs it before each deploy):
 * Firebase deploys this folder alone.
 */
import { initializeApp } from 'firebase-admin/app';
import { FieldValue, getFirestore } from 'firebase-admin/firestore';
import { defineSecret, defineString } from 'firebase-functions/params';
import {
  createEmailSender,
  describeSmtpError,
  senderDomain,
  smtpServerName,
} from '../../src-server/notifications/email-sender.ts';
import { readSmtpUrl, smtpAccountAddress } from '../../src-server/notifications/smtp-url.ts';
import {
  createPushSender,
  describePushError,
  SubscriptionGoneError,
} from '../../src-server/notifications/push-sender.ts';
import { SMTP_FAILURES } from '../../shared/domain/messages.ts';
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

initializeApp();

/** The admin-only collections of firestore.rules. */
function firestoreStore(): NotificationStore {
  const db = getFirestore();
  const subscriptions = db.collection('pushSubscriptions');
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
      const doc = await db.collection('notificationDeliveries').doc(contactId).get();
      const targets: unknown = doc.get('targets');
      return new Set(Array.isArray(targets) ? targets.map(String) : []);
    },
    async markDelivered(contactId, target) {
      await db
        .collection('notificationDeliveries')
        .doc(contactId)
        .set({ targets: FieldValue.arrayUnion(target) }, { merge: true });
    },
    async recordHealth(channel, error) {
      await db
        .collection('notificationStatus')
        .doc(channel)
        .set(
          error === null
            ? { lastSuccessAt: FieldValue.serverTimestamp() }
            : { lastFailureAt: FieldValue.serverTimestamp(), lastError: error },
          { merge: true },
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
  const sender =
    smtpUrl && readSmtpUrl(smtpUrl) ? createEmailSender({ smtpUrl, from, pooled: false }) : null;
  const vapid = { publicKey: VAPID_PUBLIC_KEY.value(), privateKey: VAPID_PRIVATE_KEY.value() };
  const push =
    vapid.publicKey && vapid.privateKey
      ? createPushSender({ vapid, subject: `mailto:${NOTIFY_EMAIL.value()}` })
      : null;
  const mailbox = {
    to: NOTIFY_EMAIL.value(),
    domain: senderDomain(from),
    publicUrl: PUBLIC_URL.value(),
  };
  return {
    store,
    email: !smtpUrl
      ? null
      : sender
        ? {
            ...mailbox,
            send: (mail) => sender.send(mail),
            describe: (error) => describeSmtpError(error, smtpServerName(smtpUrl)),
          }
        : {
            // An unreadable secret: the dashboard says so, and the pushes still go.
            ...mailbox,
            send: () => Promise.reject(new Error(SMTP_FAILURES.unreadableUrl())),
            describe: () => SMTP_FAILURES.unreadableUrl(),
          },
    push: push
      ? {
          send: (subscription, payload) => push.send(subscription, payload),
          isGone: (error) => error instanceof SubscriptionGoneError,
          describe: describePushError,
        }
      : null,
  };
}

/** A new message: e-mail and push to the owner. */
export const notifyOwnerOfNewMessage = notifyOwnerTrigger(
  () => liveDeps(firestoreStore()),
  [SMTP_URL, VAPID_PRIVATE_KEY],
);
