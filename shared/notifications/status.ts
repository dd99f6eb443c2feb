import { z } from 'zod';

/**
 * How one channel's deliveries went lately (times in ms since 1970, null when never): what the
 * dashboard's status says of every channel, whatever it is.
 */
export const channelHealthSchema = z.object({
  /**
   * False when the channel is not configured (e-mail without SMTP_URL): nothing is queued or
   * sent. Null when not known yet: the Cloud Function publishes its settings when it first
   * runs (on the first message).
   */
  enabled: z.boolean().nullable(),
  lastSuccessAt: z.number().nullable(),
  lastFailureAt: z.number().nullable(),
  /** The last error, in French, ready to show (e.g. « le serveur SMTP a refusé… »). */
  lastError: z.string().nullable(),
  /**
   * Still to be delivered (waiting for a retry, or just queued): notifications on the embedded
   * server (one per browser for push), messages in Firebase.
   */
  pending: z.number().int(),
  /** Given up on after `giveUpAfterMs` of errors. */
  failed: z.number().int(),
  /** How long a notification is tried before it is given up on (3 days, or 23 h in Firebase). */
  giveUpAfterMs: z.number().int(),
});

export type ChannelHealth = z.infer<typeof channelHealthSchema>;

/**
 * The registry of the channels that tell the owner about a new message: their names (in the
 * outbox, the health records and the status) and what each adds to its health in the
 * dashboard's status (`{}`: nothing). The status schema, its type, NOTIFICATION_CHANNELS and
 * the function's and the dashboard's loops are derived from it. A new channel is one line here,
 * one module and one line in each backend's registry (src-server/notifications/channels.ts,
 * functions/src/notify-owner.ts): docs/inbox.md, « Ajouter un canal ».
 */
export const CHANNEL_STATUS_DETAILS = {
  email: {
    /** Who receives them (NOTIFY_EMAIL, or the admin's e-mail); null when not known here. */
    recipient: z.string().nullable(),
  },
  push: {
    /** The VAPID public key a browser subscribes with (base64url); null: no push here. */
    publicKey: z.string().nullable(),
    /** Browsers subscribed for the signed-in owner. */
    subscriptions: z.number().int(),
  },
  webhook: {
    /** The receiver's host (never the full address: it may hold a token). */
    host: z.string().nullable(),
  },
} satisfies Record<string, z.ZodRawShape>;

type ChannelDetails = typeof CHANNEL_STATUS_DETAILS;
export type NotificationChannelName = keyof ChannelDetails;

export const NOTIFICATION_CHANNELS = Object.keys(
  CHANNEL_STATUS_DETAILS,
) as NotificationChannelName[];

const withHealth = <Shape extends z.ZodRawShape>(shape: Shape) => channelHealthSchema.extend(shape);

/**
 * What the dashboard shows about the owner's notifications: each channel's health and details,
 * one key per channel of the registry. A channel a backend registers on its own (a test's)
 * comes through with its health alone.
 */
export const notificationStatusSchema = z
  .object(
    Object.fromEntries(
      NOTIFICATION_CHANNELS.map((name) => [name, withHealth(CHANNEL_STATUS_DETAILS[name])]),
    ) as { [Name in NotificationChannelName]: ReturnType<typeof withHealth<ChannelDetails[Name]>> },
  )
  .catchall(channelHealthSchema);

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
export function channelFailing(status: ChannelHealth): boolean {
  return (
    status.lastFailureAt !== null &&
    (status.lastSuccessAt === null || status.lastFailureAt > status.lastSuccessAt)
  );
}
