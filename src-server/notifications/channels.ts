import type { ContactMessage } from '../../shared/domain/contact.ts';
import {
  deliverEmail,
  deliverPush,
  type Attempt,
  type EmailTransport,
  type Mailbox,
  type PushTransport,
} from '../../shared/notifications/delivery.ts';
import type { NotificationChannelName } from '../../shared/notifications/status.ts';
import type { OutboxItem } from '../db/notifications-repository.ts';

/**
 * The outbox's channels: one interface, one registry. The outbox, the repository and the
 * health know channels only through this: adding one is a module that implements
 * OutboxChannel (webhook-channel.ts is one) and one line in `channelRegistry`.
 */
export interface OutboxChannel {
  /** Its name in the outbox, the health table and the dashboard's status. */
  readonly name: NotificationChannelName;
  /**
   * `message`: one notification per new message (e-mail, webhook); `subscription`: one per
   * browser subscribed at that moment (push).
   */
  readonly fanOut: 'message' | 'subscription';
  /** Delivers one notification of a message still in the inbox. */
  deliver(item: OutboxItem, message: ContactMessage): Promise<Attempt>;
  /** Ends what the channel holds open (SMTP connections). */
  close(): void;
}

export function emailChannel(transport: EmailTransport, mailbox: Mailbox): OutboxChannel {
  return {
    name: 'email',
    fanOut: 'message',
    deliver: (_item, message) => deliverEmail(transport, message, mailbox),
    close: () => transport.close(),
  };
}

export function pushChannel(transport: PushTransport): OutboxChannel {
  return {
    name: 'push',
    fanOut: 'subscription',
    async deliver(item, message) {
      if (!item.subscription) return { state: 'gone', reason: 'abonnement supprimé' };
      return deliverPush(transport, item.subscription, message);
    },
    close() {},
  };
}

/**
 * The channels turned on, each once. A channel left out (e-mail without SMTP_URL) keeps what a
 * previous run queued for it pending, counted, until it is configured again: never dropped.
 */
export function channelRegistry(
  channels: readonly (OutboxChannel | null)[],
): ReadonlyMap<NotificationChannelName, OutboxChannel> {
  const registry = new Map<NotificationChannelName, OutboxChannel>();
  for (const channel of channels) {
    if (!channel) continue;
    if (registry.has(channel.name)) throw new Error(`canal ${channel.name} enregistré deux fois`);
    registry.set(channel.name, channel);
  }
  return registry;
}
