import type { ContactMessage } from '../../shared/domain/contact.ts';
import {
  deliverEmail,
  deliverPush,
  type Attempt,
  type EmailTransport,
  type Mailbox,
  type PushTransport,
} from '../../shared/notifications/delivery.ts';
import type { OutboxItem } from '../db/notifications-repository.ts';

/**
 * The outbox's channels: one interface, one registry. The outbox, its timers, the repository
 * and the status know channels only through this: adding one is a module that implements
 * OutboxChannel (webhook-channel.ts is one) and one line in NotificationOutbox's registry
 * (docs/inbox.md, « Ajouter un canal »).
 */
export interface OutboxChannel {
  /**
   * Its name in the outbox, the health table and the dashboard's status: one of
   * NOTIFICATION_CHANNELS (shared/notifications/status.ts) for what the dashboard shows by
   * name; any other lowercase name comes through with its health alone.
   */
  readonly name: string;
  /**
   * `message`: one notification per new message (e-mail, webhook); `subscription`: one per
   * browser subscribed at that moment (push).
   */
  readonly fanOut: 'message' | 'subscription';
  /**
   * False when not configured (e-mail without SMTP_URL): nothing is queued or sent on it, and
   * what a previous run queued stays pending, counted, until it is configured again.
   */
  readonly enabled: boolean;
  /** What the dashboard's status adds to its health (CHANNEL_STATUS_DETAILS); `{}`: nothing. */
  details(adminId: number): Record<string, unknown>;
  /** Delivers one notification of a message still in the inbox. */
  deliver(item: OutboxItem, message: ContactMessage): Promise<Attempt>;
  /** Ends what the channel holds open (SMTP connections). */
  close(): void;
}

/** What a channel that is not configured answers, should an attempt reach it. */
export const switchedOff = (name: string): Promise<Attempt> =>
  Promise.resolve({ state: 'error', error: `canal ${name} désactivé` });

/** E-mail to the owner; off (null) without SMTP_URL. */
export function emailChannel(
  email: { transport: EmailTransport; mailbox: Mailbox } | null,
): OutboxChannel {
  return {
    name: 'email',
    fanOut: 'message',
    enabled: email !== null,
    details: () => ({ recipient: email?.mailbox.to ?? null }),
    deliver: (_item, message) =>
      email ? deliverEmail(email.transport, message, email.mailbox) : switchedOff('email'),
    close: () => email?.transport.close(),
  };
}

/** A push to every browser the owner subscribed. */
export function pushChannel(
  transport: PushTransport,
  publicKey: string,
  subscriptionCount: (adminId: number) => number,
): OutboxChannel {
  return {
    name: 'push',
    fanOut: 'subscription',
    enabled: true,
    details: (adminId) => ({ publicKey, subscriptions: subscriptionCount(adminId) }),
    async deliver(item, message) {
      if (!item.subscription) return { state: 'gone', reason: 'abonnement supprimé' };
      return deliverPush(transport, item.subscription, message);
    },
    close() {},
  };
}

/** The channels, each once, by name. */
export function channelRegistry(
  channels: readonly OutboxChannel[],
): ReadonlyMap<string, OutboxChannel> {
  const registry = new Map<string, OutboxChannel>();
  for (const channel of channels) {
    if (registry.has(channel.name)) throw new Error(`canal ${channel.name} enregistré deux fois`);
    registry.set(channel.name, channel);
  }
  return registry;
}
