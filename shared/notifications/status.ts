import { z } from 'zod';
import type { ChannelModule } from './channel.ts';
import { NOTIFICATION_CHANNEL_REGISTRY } from './registry.ts';

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

type Registry = typeof NOTIFICATION_CHANNEL_REGISTRY;
export type NotificationChannelName = Registry[number]['name'];
type DetailsShape<Name extends NotificationChannelName> = Extract<
  Registry[number],
  { name: Name }
>['details'];

/** The registry's channel names, in its order. */
export const NOTIFICATION_CHANNELS: NotificationChannelName[] = NOTIFICATION_CHANNEL_REGISTRY.map(
  (channel) => channel.name,
);

const withHealth = <Shape extends z.ZodRawShape>(shape: Shape) => channelHealthSchema.extend(shape);

/**
 * What the dashboard shows about the owner's notifications for these channels: each one's
 * health and details (its module's `details`). A channel the status lists beyond them (one a
 * test registers) comes through with its health, its details unchecked.
 */
export function notificationStatusSchemaFor(channels: readonly ChannelModule[]) {
  return z
    .object(
      Object.fromEntries(channels.map((channel) => [channel.name, withHealth(channel.details)])),
    )
    .catchall(channelHealthSchema.loose());
}

/**
 * The status of the registry's channels (registry.ts), typed from their modules: the HTTP
 * answer's schema (GET /api/notifications) and what the dashboard reads.
 */
export const notificationStatusSchema = notificationStatusSchemaFor(
  NOTIFICATION_CHANNEL_REGISTRY,
) as unknown as z.ZodObject<
  { [Name in NotificationChannelName]: ReturnType<typeof withHealth<DetailsShape<Name>>> },
  z.core.$catchall<ReturnType<typeof channelHealthSchema.loose>>
>;

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
