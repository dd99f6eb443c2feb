import { z } from 'zod';

/** How one channel's deliveries went lately (times in ms since 1970, null when never). */
const channelHealthSchema = z.object({
  lastSuccessAt: z.number().nullable(),
  lastFailureAt: z.number().nullable(),
  /** The last error, in French, ready to show (e.g. « le serveur SMTP a refusé… »). */
  lastError: z.string().nullable(),
  /** Still to be delivered (waiting for a retry, or just queued). */
  pending: z.number().int(),
  /** Given up on after `giveUpAfterMs` of errors. */
  failed: z.number().int(),
  /** How long a notification is tried before it is given up on (3 days, or 23 h in Firebase). */
  giveUpAfterMs: z.number().int(),
});

/**
 * The channels that tell the owner about a new message: their names in the outbox, the
 * health records and this status. A new channel is added here, in the registry of each
 * backend (src-server/notifications/channels.ts, functions/src/notify-owner.ts) and in the
 * module that delivers it.
 */
export const NOTIFICATION_CHANNELS = ['email', 'push', 'webhook'] as const;
export type NotificationChannelName = (typeof NOTIFICATION_CHANNELS)[number];

export function isNotificationChannel(name: string): name is NotificationChannelName {
  return (NOTIFICATION_CHANNELS as readonly string[]).includes(name);
}

/**
 * What the dashboard shows about the owner's notifications: whether e-mail is set up and
 * working, and what it needs to turn push on in this browser.
 */
export const notificationStatusSchema = z.object({
  email: channelHealthSchema.extend({
    /**
     * False without SMTP_URL: nothing is sent. Null when not known yet: the Cloud Function
     * publishes its settings when it first runs (on the first message).
     */
    enabled: z.boolean().nullable(),
    /** Who receives them (NOTIFY_EMAIL, or the admin's e-mail); null when not known here. */
    recipient: z.string().nullable(),
  }),
  webhook: channelHealthSchema.extend({
    /** False without WEBHOOK_URL (null: not known yet, as for e-mail). */
    enabled: z.boolean().nullable(),
    /** The receiver's host (never the full address: it may hold a token). */
    host: z.string().nullable(),
  }),
  push: channelHealthSchema.extend({
    /** The VAPID public key a browser subscribes with (base64url); null: no push here. */
    publicKey: z.string().nullable(),
    /** Browsers subscribed for the signed-in owner. */
    subscriptions: z.number().int(),
  }),
});

export type NotificationStatus = z.infer<typeof notificationStatusSchema>;

/** Bounds of a push subscription's parts, shared by the schema below and firestore.rules. */
export const PUSH_SUBSCRIPTION_LIMITS = { endpoint: 2000, p256dh: 200, auth: 100 } as const;
/**
 * A push key as browsers give it: base64url, padding allowed. Written so that the same text
 * works as a JavaScript regular expression and in firestore.rules (RE2).
 */
export const PUSH_KEY_PATTERN = '^[A-Za-z0-9_-]+=*$';

/** A browser's push subscription, as `PushSubscription.toJSON()` gives it. */
export const pushSubscriptionSchema = z.object({
  // Push services speak HTTPS only (web-push refuses anything else).
  endpoint: z.url({ protocol: /^https$/ }).max(PUSH_SUBSCRIPTION_LIMITS.endpoint),
  keys: z.object({
    p256dh: z.string().regex(new RegExp(PUSH_KEY_PATTERN)).max(PUSH_SUBSCRIPTION_LIMITS.p256dh),
    auth: z.string().regex(new RegExp(PUSH_KEY_PATTERN)).max(PUSH_SUBSCRIPTION_LIMITS.auth),
  }),
});

export type PushSubscriptionJson = z.infer<typeof pushSubscriptionSchema>;

/** The last attempt on this channel failed (no success since): the dashboard says why. */
export function channelFailing(status: NotificationStatus[NotificationChannelName]): boolean {
  return (
    status.lastFailureAt !== null &&
    (status.lastSuccessAt === null || status.lastFailureAt > status.lastSuccessAt)
  );
}
