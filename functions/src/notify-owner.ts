import type { ContactMessage } from '../../shared/domain/contact.ts';
import type { SetUpChannel } from '../../shared/notifications/channel.ts';
import {
  healthReport,
  MAX_PUSH_SUBSCRIPTIONS,
  type Attempt,
  type PushSubscriptionRecord,
} from '../../shared/notifications/delivery.ts';
import {
  newMessageNotice,
  noticeKey,
  type OwnerNotice,
} from '../../shared/notifications/notice.ts';
import {
  FUNCTION_GIVE_UP_AFTER_MS,
  givenUpLine,
  givesUp,
} from '../../shared/notifications/retry-policy.ts';

/**
 * What the Cloud Function does for each new `contacts` document: the same notifications as
 * the embedded server's outbox, on the same channel modules (shared/notifications/registry.ts),
 * composed, sent and judged by the same shared code. Firestore and the channels (set up with
 * their transports) are passed in, so that the tests run it against a local SMTP server, push
 * service and webhook receiver, and with a channel of their own.
 */

export type StoredSubscription = PushSubscriptionRecord;

/** A channel's name (`notificationStatus/{channel}`, `pending` of `notificationDeliveries`). */
export type HealthChannel = string;

/**
 * What the function knows of its settings, published for the dashboard, by channel: whether
 * it is on, and its details (its module's `describe`).
 */
export type PublishedConfiguration = Record<
  HealthChannel,
  { enabled: boolean } & Record<string, unknown>
>;

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
   * The channels whose delivery of this message is not finished (`pending` of its
   * `notificationDeliveries` document): the dashboard counts the messages that wait on each.
   */
  markPending(contactId: string, channels: readonly HealthChannel[]): Promise<void>;
  /**
   * The channel's health, for the dashboard (`notificationStatus/{channel}`): a success, the
   * last error (null when none), and how many notifications were just given up on.
   */
  recordHealth(
    channel: HealthChannel,
    report: { succeeded: boolean; lastError: string | null; givenUp: number },
  ): Promise<void>;
  /** The settings the function runs with (`notificationStatus/{channel}`). */
  publishConfiguration(configuration: PublishedConfiguration): Promise<void>;
}

export interface NotifyOwnerDeps {
  store: NotificationStore;
  /**
   * The registry's channels, set up from the function's parameters and secrets (off: not
   * configured). Each one is sent on at the same time as the others.
   */
  channels: readonly SetUpChannel[];
  /** CHANNEL_DEADLINE_MS; the tests shorten it. */
  deadlineMs?: number;
}

/** The boundary, shared with the tests: 22 h 59 after the message, still retried; 23 h, given up. */
export const GIVE_UP_AFTER_MS = FUNCTION_GIVE_UP_AFTER_MS;

/**
 * The longest one channel may take on one message. Its own timeouts bound each step (SMTP:
 * 30 s to connect, 30 s for the greeting, 60 s of silence; a webhook or a push service: 30 s
 * of silence) but not the sum of a slow server's steps: past this, the attempt counts as
 * failed (it is retried), so that the function always ends on its own and records what it
 * knows, well inside its timeout (trigger.ts).
 */
export const CHANNEL_DEADLINE_MS = 120_000;

/** The attempt, or a failure once `deadlineMs` have passed (the send is left to end alone). */
async function withinDeadline(
  attempt: Promise<Attempt>,
  deadlineMs: number,
  what: string,
): Promise<Attempt> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<Attempt>((resolve) => {
    timer = setTimeout(
      () =>
        resolve({
          state: 'error',
          error: `${what} n’a pas abouti en ${Math.round(deadlineMs / 1000)} secondes : nouvel essai plus tard.`,
        }),
      deadlineMs,
    );
  });
  try {
    return await Promise.race([attempt, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Sends on each channel what it has not yet delivered for this message (the message itself,
 * or each subscribed browser), each channel on its own at the same time: a webhook that hangs
 * until its timeout does not hold back the e-mail. Each delivery is recorded as soon as it is
 * done (`notificationDeliveries`), so that a retry, or a run cut short, never sends it again;
 * the channels still to be delivered are written there too (`pending`), for the dashboard's
 * count. Throws when something is left to deliver, so that Cloud Functions retries the event
 * (with its own back-off), until `GIVE_UP_AFTER_MS` after the message: then the health counts
 * it as given up.
 */
export async function notifyOwner(
  about: ContactMessage | OwnerNotice,
  eventTimeMs: number,
  nowMs: number,
  { store, channels: everyChannel, deadlineMs = CHANNEL_DEADLINE_MS }: NotifyOwnerDeps,
): Promise<void> {
  // A new message (the trigger's), or a reminder or the digest (the scheduled function's,
  // remind-owner.ts): recorded under the notice's key, the message's id for a new message.
  const notice = 'kind' in about ? about : newMessageNotice(about);
  const key = noticeKey(notice);
  // The digest goes on the channels that carry it (e-mail) only.
  const registered =
    notice.kind === 'digest' ? everyChannel.filter((channel) => channel.digest) : everyChannel;
  await store.publishConfiguration(
    Object.fromEntries(
      everyChannel.map((channel) => [
        channel.name,
        { enabled: channel.enabled, ...channel.describe() },
      ]),
    ),
  );
  const done = await store.delivered(key);

  /** One target (the message itself, or a browser), delivered and recorded on its own. */
  const deliverTo = async (
    target: string,
    what: string,
    send: () => Promise<Attempt>,
  ): Promise<Attempt> => {
    const attempt = await withinDeadline(send(), deadlineMs, what);
    if (attempt.state === 'sent') await store.markDelivered(key, target);
    return attempt;
  };

  // The browsers, read once, when a channel sends to each of them. As many as the embedded
  // server accepts: each is contacted on every message.
  const subscriptions = registered.some(
    (channel) => channel.enabled && channel.fanOut === 'subscription',
  )
    ? (await store.subscriptions()).slice(0, MAX_PUSH_SUBSCRIPTIONS)
    : [];

  // Each channel's work on this message, when it has any left.
  const work = new Map<HealthChannel, () => Promise<Attempt[]>>();
  for (const channel of registered) {
    if (!channel.enabled) continue;
    if (channel.fanOut === 'message') {
      // A channel of one notification per message records it under its name.
      if (done.has(channel.name)) continue;
      work.set(channel.name, async () => [
        await deliverTo(channel.name, channel.attemptName(), () => channel.deliver(notice)),
      ]);
      continue;
    }
    const left = subscriptions.filter((subscription) => !done.has(subscription.endpoint));
    if (left.length === 0) continue;
    work.set(channel.name, () =>
      Promise.all(
        left.map(async (subscription) => {
          const attempt = await deliverTo(
            subscription.endpoint,
            channel.attemptName(subscription),
            () => channel.deliver(notice, subscription),
          );
          if (attempt.state === 'gone') await store.removeSubscription(subscription.endpoint);
          return attempt;
        }),
      ),
    );
  }

  const channels = [...work.keys()];
  if (channels.length === 0) return;
  await store.markPending(key, channels);
  const attempts = await Promise.all([...work.values()].map((send) => send()));

  const failing = channels.filter((_, index) =>
    attempts[index]?.some((attempt) => attempt.state === 'error'),
  );
  const failures = attempts
    .flat()
    .flatMap((attempt) => (attempt.state === 'error' ? [attempt.error] : []));
  const givingUp = failures.length > 0 && givesUp(eventTimeMs, nowMs, FUNCTION_GIVE_UP_AFTER_MS);
  await Promise.all(
    channels.map(async (channel, index) => {
      const report = healthReport(attempts[index] ?? []);
      if (!report) return;
      const givenUp = givingUp && failing.includes(channel) ? 1 : 0;
      await store.recordHealth(channel, { ...report, givenUp });
    }),
  );
  // What is given up on is no longer pending: the health counts it as failed.
  await store.markPending(key, givingUp ? [] : failing);

  if (failures.length === 0) return;
  if (givingUp) {
    // Retrying further would hide it: the message stays in the dashboard, the health says it.
    console.error(givenUpLine(FUNCTION_GIVE_UP_AFTER_MS, failures.join(' ; ')));
    return;
  }
  throw new Error(failures.join(' ; '));
}
