import type { OwnerNotice } from '../../shared/notifications/notice.ts';
import {
  setUpChannels,
  type ChannelModule,
  type ChannelSetup,
  type StreakLines,
} from '../../shared/notifications/channel.ts';
import type { Attempt } from '../../shared/notifications/delivery.ts';
import type { OutboxItem } from '../db/notifications-repository.ts';

/**
 * The outbox's channels: the registry's modules (shared/notifications/registry.ts) set up
 * from the server's configuration. The outbox, its timers, the repository and the status
 * know channels only through this (docs/inbox.md, « Ajouter un canal »).
 */
export interface OutboxChannel {
  /** Its name in the outbox, the health table and the dashboard's status. */
  readonly name: string;
  /**
   * `message`: one notification per new message (e-mail, webhook); `subscription`: one per
   * browser subscribed at that moment (push).
   */
  readonly fanOut: 'message' | 'subscription';
  /** Whether it carries the daily digest (its module's `digest`: e-mail). */
  readonly digest: boolean;
  /**
   * False when not configured (e-mail without SMTP_URL): nothing is queued or sent on it, and
   * what a previous run queued stays pending, counted, until it is configured again.
   */
  readonly enabled: boolean;
  /** Its console lines at the start and end of a streak of failures (its module's). */
  readonly streakLines: StreakLines | undefined;
  /** What the dashboard's status adds to its health (its module's `details`). */
  details(adminId: number): Record<string, unknown>;
  /** Delivers one notice (about a message still in the inbox, or the digest). */
  deliver(item: OutboxItem, notice: OwnerNotice): Promise<Attempt>;
  /** Ends what the channel holds open (SMTP connections). */
  close(): void;
}

/**
 * The registry's channels for the outbox, by name. A channel with one notification per
 * browser gets that browser's subscription, and its count in its details.
 */
export function outboxChannels(
  modules: readonly ChannelModule[],
  setup: ChannelSetup,
  subscriptionCount: (adminId: number) => number,
): ReadonlyMap<string, OutboxChannel> {
  const registry = new Map<string, OutboxChannel>();
  for (const channel of setUpChannels(modules, setup)) {
    const perSubscription = channel.fanOut === 'subscription';
    registry.set(channel.name, {
      name: channel.name,
      fanOut: channel.fanOut,
      digest: channel.digest,
      enabled: channel.enabled,
      streakLines: channel.streakLines,
      details: (adminId) => ({
        ...channel.describe(),
        ...(perSubscription ? { subscriptions: subscriptionCount(adminId) } : {}),
      }),
      async deliver(item, notice) {
        if (perSubscription && !item.subscription) {
          return { state: 'gone', reason: 'abonnement supprimé' };
        }
        return channel.deliver(notice, item.subscription ?? undefined);
      },
      close: () => channel.close(),
    });
  }
  return registry;
}
