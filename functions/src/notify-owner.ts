import type { ContactMessage } from '../../shared/domain/contact.ts';
import { CONTACT_SERVICES } from '../../shared/domain/contact.ts';
import {
  composeNotificationEmail,
  notificationMessageId,
} from '../../shared/notifications/new-message.ts';
import { composePushPayload } from '../../shared/notifications/push-payload.ts';

/**
 * What the Cloud Function does for each new `contacts` document: the same e-mail and push as
 * the embedded server's outbox, composed by the same shared code. Firestore and the
 * transports are passed in, so that the tests run it against a local SMTP server and push
 * service.
 */

export interface StoredSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** The collections the function reads and writes (admin-only in firestore.rules). */
export interface NotificationStore {
  /** The browsers the owner turned push on in (collection `pushSubscriptions`). */
  subscriptions(): Promise<StoredSubscription[]>;
  /** The push service no longer knows this one (404/410). */
  removeSubscription(endpoint: string): Promise<void>;
  /** What was already delivered for this message (a retry skips it): `notificationDeliveries`. */
  delivered(contactId: string): Promise<Set<string>>;
  markDelivered(contactId: string, target: string): Promise<void>;
  /** The channel's health, for the dashboard (`notificationStatus/{channel}`). */
  recordHealth(channel: 'email' | 'push', error: string | null): Promise<void>;
}

export interface NotifyOwnerDeps {
  store: NotificationStore;
  /** Null without the SMTP_URL secret: no e-mail. */
  email: {
    send(mail: {
      to: string;
      subject: string;
      text: string;
      html: string;
      replyTo: { name: string; address: string };
      messageId: string;
      date?: Date;
    }): Promise<void>;
    to: string;
    domain: string;
    publicUrl: string;
    describe(error: unknown): string;
  } | null;
  push: {
    send(subscription: StoredSubscription, payload: string): Promise<void>;
    isGone(error: unknown): boolean;
    describe(error: unknown): string;
  } | null;
}

/**
 * The function gives up (and says so) on an event this old. Cloud Functions stops retrying an
 * event 24 hours after it, silently: giving up an hour before that is the last moment the
 * give-up can still be recorded (the embedded server's outbox keeps trying for 3 days).
 */
export const GIVE_UP_AFTER_MS = 23 * 3600_000;

/** A `contacts` document as the site writes it, read as the port's ContactMessage. */
export function contactFromDocument(
  id: string,
  data: Record<string, unknown>,
): ContactMessage | null {
  const text = (key: string) => (typeof data[key] === 'string' ? data[key] : null);
  const service = CONTACT_SERVICES.find((known) => known === data.service);
  const fullName = text('fullName');
  const email = text('email');
  const subject = text('subject');
  const message = text('message');
  const phone = typeof data.phone === 'number' ? String(data.phone) : text('phone');
  if (!service || !fullName || !email || !subject || !message || !phone) return null;
  const timestamp = data.timestamp;
  const receivedAt =
    typeof timestamp === 'object' &&
    timestamp !== null &&
    'toMillis' in timestamp &&
    typeof timestamp.toMillis === 'function'
      ? Number(timestamp.toMillis())
      : null;
  return { id, fullName, service, email, phone, subject, message, receivedAt, read: false };
}

/**
 * Sends the e-mail and the pushes not yet delivered for this message. Throws when something
 * is left to deliver, so that Cloud Functions retries the event (with its own back-off),
 * until `GIVE_UP_AFTER_MS` after the message: then the health says it was given up on.
 */
export async function notifyOwner(
  message: ContactMessage,
  eventTimeMs: number,
  nowMs: number,
  { store, email, push }: NotifyOwnerDeps,
): Promise<void> {
  const done = await store.delivered(message.id);
  const failures: string[] = [];

  if (email && !done.has('email')) {
    try {
      await email.send({
        ...composeNotificationEmail(message, { publicUrl: email.publicUrl }),
        to: email.to,
        messageId: notificationMessageId(message.id, email.domain),
        ...(message.receivedAt === null ? {} : { date: new Date(message.receivedAt) }),
      });
      await store.markDelivered(message.id, 'email');
      await store.recordHealth('email', null);
    } catch (error) {
      const reason = email.describe(error);
      failures.push(reason);
      await store.recordHealth('email', reason);
    }
  }

  if (push) {
    const payload = JSON.stringify(composePushPayload(message));
    for (const subscription of await store.subscriptions()) {
      if (done.has(subscription.endpoint)) continue;
      try {
        await push.send(subscription, payload);
        await store.markDelivered(message.id, subscription.endpoint);
        await store.recordHealth('push', null);
      } catch (error) {
        if (push.isGone(error)) {
          await store.removeSubscription(subscription.endpoint);
          continue;
        }
        const reason = push.describe(error);
        failures.push(reason);
        await store.recordHealth('push', reason);
      }
    }
  }

  if (failures.length === 0) return;
  if (nowMs - eventTimeMs >= GIVE_UP_AFTER_MS) {
    // Retrying further would hide it: the message stays in the dashboard, the health says it.
    console.error(`Notification abandonnée après 23 heures d’erreurs : ${failures.join(' ; ')}`);
    return;
  }
  throw new Error(failures.join(' ; '));
}
