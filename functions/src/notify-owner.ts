import type { ContactMessage } from '../../shared/domain/contact.ts';
import {
  CONTACT_LANGUAGES,
  CONTACT_SERVICES,
  DEFAULT_CONTACT_LANGUAGE,
} from '../../shared/domain/contact.ts';
import {
  deliverEmail,
  deliverPush,
  deliverWebhook,
  healthReport,
  MAX_PUSH_SUBSCRIPTIONS,
  type Attempt,
  type EmailTransport,
  type Mailbox,
  type PushSubscriptionRecord,
  type PushTransport,
  type WebhookTransport,
} from '../../shared/notifications/delivery.ts';
import {
  NOTIFICATION_CHANNELS,
  type NotificationChannelName,
} from '../../shared/notifications/status.ts';
import {
  FUNCTION_GIVE_UP_AFTER_MS,
  givenUpLine,
  givesUp,
} from '../../shared/notifications/retry-policy.ts';

/**
 * What the Cloud Function does for each new `contacts` document: the same e-mail and push as
 * the embedded server's outbox, composed, sent and judged by the same shared code
 * (shared/notifications/delivery.ts, transports in shared/node/). Firestore and the
 * transports are passed in, so that the tests run it against a local SMTP server and push
 * service.
 */

export type StoredSubscription = PushSubscriptionRecord;

/** The channels whose health the dashboard shows (`notificationStatus/{channel}`). */
export type HealthChannel = NotificationChannelName;

/** What the function knows of its settings, published for the dashboard. */
export interface PublishedConfiguration {
  email: {
    /** False without the SMTP_URL secret: no e-mail is sent. */
    enabled: boolean;
    /** NOTIFY_EMAIL, when e-mail is on. */
    recipient: string | null;
  };
  webhook: {
    /** False without WEBHOOK_URL. */
    enabled: boolean;
    /** The receiver's host (never the whole address: it may hold a token). */
    host: string | null;
  };
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
  /**
   * The channel's health, for the dashboard (`notificationStatus/{channel}`): a success, the
   * last error (null when none), and how many notifications were just given up on.
   */
  recordHealth(
    channel: HealthChannel,
    report: { succeeded: boolean; lastError: string | null; givenUp: number },
  ): Promise<void>;
  /** The settings the function runs with (`notificationStatus/email`, `…/webhook`). */
  publishConfiguration(configuration: PublishedConfiguration): Promise<void>;
}

export interface NotifyOwnerDeps {
  store: NotificationStore;
  /** Null without the SMTP_URL secret: no e-mail. */
  email: { transport: EmailTransport; mailbox: Mailbox } | null;
  /** Null without the VAPID key pair: no push. */
  push: PushTransport | null;
  /** Null without WEBHOOK_URL: no webhook. */
  webhook?: { transport: WebhookTransport; host: string; publicUrl: string } | null;
}

/** The boundary, shared with the tests: 22 h 59 after the message, still retried; 23 h, given up. */
export const GIVE_UP_AFTER_MS = FUNCTION_GIVE_UP_AFTER_MS;

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
  // Absent on the messages sent before the language was recorded: French.
  const language =
    CONTACT_LANGUAGES.find((known) => known === data.language) ?? DEFAULT_CONTACT_LANGUAGE;
  return {
    id,
    fullName,
    service,
    email,
    phone,
    subject,
    message,
    language,
    receivedAt,
    read: false,
  };
}

/**
 * Sends the e-mail and the pushes not yet delivered for this message. Throws when something
 * is left to deliver, so that Cloud Functions retries the event (with its own back-off),
 * until `GIVE_UP_AFTER_MS` after the message: then the health counts it as given up.
 */
export async function notifyOwner(
  message: ContactMessage,
  eventTimeMs: number,
  nowMs: number,
  { store, email, push, webhook = null }: NotifyOwnerDeps,
): Promise<void> {
  await store.publishConfiguration({
    email: { enabled: email !== null, recipient: email?.mailbox.to ?? null },
    webhook: { enabled: webhook !== null, host: webhook?.host ?? null },
  });
  const done = await store.delivered(message.id);
  const attempts: Record<HealthChannel, Attempt[]> = { email: [], push: [], webhook: [] };

  if (email && !done.has('email')) {
    const attempt = await deliverEmail(email.transport, message, email.mailbox);
    if (attempt.state === 'sent') await store.markDelivered(message.id, 'email');
    attempts.email.push(attempt);
  }

  if (webhook && !done.has('webhook')) {
    const attempt = await deliverWebhook(webhook.transport, message, webhook.publicUrl);
    if (attempt.state === 'sent') await store.markDelivered(message.id, 'webhook');
    attempts.webhook.push(attempt);
  }

  if (push) {
    // As many browsers as the embedded server accepts: each is contacted on every message.
    const subscriptions = (await store.subscriptions()).slice(0, MAX_PUSH_SUBSCRIPTIONS);
    for (const subscription of subscriptions) {
      if (done.has(subscription.endpoint)) continue;
      const attempt = await deliverPush(push, subscription, message);
      if (attempt.state === 'sent') await store.markDelivered(message.id, subscription.endpoint);
      if (attempt.state === 'gone') await store.removeSubscription(subscription.endpoint);
      attempts.push.push(attempt);
    }
  }

  const failures = [...attempts.email, ...attempts.webhook, ...attempts.push].flatMap((attempt) =>
    attempt.state === 'error' ? [attempt.error] : [],
  );
  const givingUp = failures.length > 0 && givesUp(eventTimeMs, nowMs, FUNCTION_GIVE_UP_AFTER_MS);
  for (const channel of NOTIFICATION_CHANNELS) {
    const report = healthReport(attempts[channel]);
    if (!report) continue;
    const failed = attempts[channel].some((attempt) => attempt.state === 'error');
    await store.recordHealth(channel, { ...report, givenUp: givingUp && failed ? 1 : 0 });
  }

  if (failures.length === 0) return;
  if (givingUp) {
    // Retrying further would hide it: the message stays in the dashboard, the health says it.
    console.error(givenUpLine(FUNCTION_GIVE_UP_AFTER_MS, failures.join(' ; ')));
    return;
  }
  throw new Error(failures.join(' ; '));
}
