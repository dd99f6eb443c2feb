import type { FastifyBaseLogger } from 'fastify';
import type { ContactMessage } from '../../shared/domain/contact.ts';
import { TEST_EMAIL_INTERVAL_MS } from '../../shared/domain/constants.ts';
import {
  healthReport,
  type Attempt,
  MAX_PUSH_SUBSCRIPTIONS,
  UnsafeAddressError,
} from '../../shared/notifications/delivery.ts';
import type { ChannelModule, ChannelSetup } from '../../shared/notifications/channel.ts';
import { NOTIFICATION_CHANNEL_REGISTRY } from '../../shared/notifications/registry.ts';
import {
  givenUpLine,
  givesUp,
  OUTBOX_RETRY_POLICY,
  retryDelayMs,
  type RetryPolicy,
} from '../../shared/notifications/retry-policy.ts';
import {
  checkPushEndpoint,
  PUBLIC_ONLY,
  type AddressPolicy,
} from '../../shared/node/public-address.ts';
import { composeTestEmail } from '../../shared/notifications/new-message.ts';
import {
  notificationStatusSchemaFor,
  type NotificationStatus,
} from '../../shared/notifications/status.ts';
import {
  createEmailTransport,
  type EmailTransportOptions,
} from '../../shared/node/email-transport.ts';
import type { Clock } from '../clock.ts';
import type { NewMessageNotifier } from '../contacts/contact-inbox.ts';
import { outboxChannels, type OutboxChannel } from './channels.ts';
import type {
  ChannelReport,
  DeliveryOutcome,
  NotificationChannel,
  NotificationsRepository,
  OutboxItem,
  PushSubscriptionRecord,
} from '../db/notifications-repository.ts';

/** Notifications attempted together; their outcomes are written in one transaction. */
const BATCH_SIZE = 50;
/** Delivered and cancelled notifications are forgotten after this long. */
const KEEP_DONE_MS = 30 * 24 * 3600_000;

export interface EmailSettings {
  smtpUrl: string;
  from: string;
  to: string;
  /** The site's public address, for the link to the message. */
  publicUrl: string;
}

export interface NotificationOutboxOptions {
  repository: NotificationsRepository;
  clock: Clock;
  /**
   * The test e-mail's settings (« Envoyer un e-mail de test »); null without SMTP_URL. The
   * e-mails of new messages go through the registry's e-mail channel.
   */
  email: EmailSettings | null;
  /** What the channels are set up from: the server's configuration and Node's transports. */
  setup: ChannelSetup;
  /**
   * The channels (shared/notifications/registry.ts by default): the tests register one of
   * their own here, to show that a channel needs nothing else.
   */
  channels?: readonly ChannelModule[];
  /** Which addresses a push endpoint may lead to (public ones; loopback too in tests). */
  addresses?: AddressPolicy;
  log: FastifyBaseLogger;
  /**
   * Where the server's console lines go (stdout): an SMTP failure is written once per
   * failure streak, and its end once, so that an outage neither goes unseen nor floods it.
   */
  say?: (line: string) => void;
  retry?: RetryPolicy;
  /** Tests shorten nodemailer's timeouts to see a stalled server fail without waiting. */
  smtpTimeouts?: EmailTransportOptions['timeouts'];
  random?: () => number;
}

/** A push subscription refused: the French reason. */
export class SubscriptionRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SubscriptionRefusedError';
  }
}

/** A test e-mail asked for too soon after the last: how long to wait. */
export class TestEmailTooSoonError extends Error {
  readonly retryAfterSeconds: number;
  constructor(retryAfterMs: number) {
    const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
    super(
      `un e-mail de test vient de partir : attendez ${seconds} seconde${seconds > 1 ? 's' : ''} avant d’en demander un autre.`,
    );
    this.name = 'TestEmailTooSoonError';
    this.retryAfterSeconds = seconds;
  }
}

/** The test e-mail could not be sent (or e-mail is off): the French reason. */
export class TestEmailError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TestEmailError';
  }
}

/**
 * The owner's notifications of new messages, delivered from the outbox. ContactInbox records
 * them in the message's own transaction (`enqueue`) and wakes the worker once committed; the
 * worker sends what is due (e-mail over SMTP, push with web-push), a batch at a time, and
 * writes each outcome: sent, retry later (back-off), failed after 3 days, or cancelled (the
 * message was deleted, or the browser unsubscribed). Nothing here runs in the visitor's
 * request. After a crash, what was pending is still pending: it is sent at the next start,
 * at least once, with the same Message-ID.
 */
export class NotificationOutbox implements NewMessageNotifier {
  readonly #repository: NotificationsRepository;
  readonly #clock: Clock;
  readonly #email: EmailSettings | null;
  /** Every channel of the registry, turned on or not, by name (channels.ts). */
  readonly #channels: ReadonlyMap<string, OutboxChannel>;
  /** The status of these channels, each with its details. */
  readonly #statusSchema: ReturnType<typeof notificationStatusSchemaFor>;
  readonly #log: FastifyBaseLogger;
  readonly #addresses: AddressPolicy;
  readonly #say: (line: string) => void;
  /** Whether the last e-mail attempt failed (a streak in progress, already said). */
  #emailFailing = false;
  readonly #retry: RetryPolicy;
  readonly #smtpTimeouts: EmailTransportOptions['timeouts'];
  readonly #random: () => number;
  /** Outcomes of the batches in flight, written when one ends (or at close). */
  #settled: { channel: NotificationChannel; attempt: Attempt; outcome: DeliveryOutcome }[] = [];
  // One worker per channel: a stalled SMTP server (minutes per batch) must not hold up the
  // pushes of new messages, nor the reverse.
  readonly #timers = new Map<NotificationChannel, NodeJS.Timeout>();
  readonly #running = new Set<NotificationChannel>();
  #started = false;
  #closed = false;
  /** When the last test e-mail was asked for (ms), or null. */
  #lastTestEmailAtMs: number | null = null;

  constructor(options: NotificationOutboxOptions) {
    this.#repository = options.repository;
    this.#clock = options.clock;
    this.#email = options.email;
    this.#log = options.log;
    this.#addresses = options.addresses ?? PUBLIC_ONLY;
    this.#say = options.say ?? ((line) => process.stdout.write(`${line}\n`));
    this.#retry = options.retry ?? OUTBOX_RETRY_POLICY;
    this.#smtpTimeouts = options.smtpTimeouts;
    this.#random = options.random ?? Math.random;
    const { repository, channels = NOTIFICATION_CHANNEL_REGISTRY } = options;
    this.#statusSchema = notificationStatusSchemaFor(channels);
    this.#channels = outboxChannels(channels, options.setup, (adminId) =>
      repository.subscriptionCount(adminId),
    );
  }

  /** Who receives the e-mails, when e-mail is on. */
  get recipient(): string | null {
    return this.#email?.to ?? null;
  }

  /** Starts delivering; what a previous run left pending is tried at once. */
  start(): void {
    const now = this.#clock();
    this.#repository.makeAllDue(now);
    this.#repository.prune(now - KEEP_DONE_MS);
    this.#started = true;
    for (const channel of this.#enabled()) this.#schedule(channel.name, 0);
  }

  enqueue(messages: readonly ContactMessage[]): void {
    this.#repository.enqueue(
      messages.map((message) => message.id),
      this.#enabled(),
      this.#clock(),
    );
  }

  wake(): void {
    for (const { name } of this.#enabled()) {
      if (!this.#running.has(name)) this.#schedule(name, 0);
    }
  }

  /** The channels turned on: the only ones queued to, and whose timers run. */
  #enabled(): OutboxChannel[] {
    return [...this.#channels.values()].filter((channel) => channel.enabled);
  }

  /**
   * Stops: no new attempt starts; outcomes already known are written; sends still in flight
   * are abandoned and stay pending, for the next start.
   */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    for (const timer of this.#timers.values()) clearTimeout(timer);
    for (const channel of this.#channels.values()) channel.close();
    this.#recordSettled();
  }

  /** Each registered channel's health and details, for the dashboard. */
  status(adminId: number): NotificationStatus {
    const status: Record<string, unknown> = {};
    for (const channel of this.#channels.values()) {
      const health = this.#repository.health(channel.name);
      status[channel.name] = {
        enabled: channel.enabled,
        lastSuccessAt: health.lastSuccessAtMs,
        lastFailureAt: health.lastFailureAtMs,
        lastError: health.lastError,
        pending: health.pending,
        failed: health.failed,
        giveUpAfterMs: this.#retry.giveUpAfterMs,
        ...channel.details(adminId),
      };
    }
    // The registry and the shared schema must agree (a channel's details, the dashboard's
    // channels): a mismatch is a programming error, said here rather than on the dashboard.
    return this.#statusSchema.parse(status) as NotificationStatus;
  }

  /**
   * This browser gets a push for each new message from now on. Refused (SubscriptionRefusedError,
   * in French) when its push service is not on the public Internet, or when
   * MAX_PUSH_SUBSCRIPTIONS browsers are already subscribed.
   */
  async subscribe(adminId: number, subscription: PushSubscriptionRecord): Promise<void> {
    try {
      await checkPushEndpoint(subscription.endpoint, this.#addresses);
    } catch (error) {
      if (error instanceof UnsafeAddressError) {
        throw new SubscriptionRefusedError(
          `ce service de notifications n’est pas accepté : ${error.message}`,
        );
      }
      throw error;
    }
    if (
      !this.#repository.hasSubscription(subscription.endpoint) &&
      this.#repository.subscriptionCount(adminId) >= MAX_PUSH_SUBSCRIPTIONS
    ) {
      throw new SubscriptionRefusedError(
        `${MAX_PUSH_SUBSCRIPTIONS} appareils reçoivent déjà les notifications, le maximum : désactivez-les sur un appareil que vous n’utilisez plus, puis réessayez.`,
      );
    }
    this.#repository.saveSubscription(adminId, subscription, this.#clock());
  }

  /** This browser turned push off: nothing more is pushed to it. */
  unsubscribe(endpoint: string): void {
    this.#repository.removeSubscription(
      endpoint,
      'notifications coupées sur l’appareil',
      this.#clock(),
    );
  }

  /**
   * « Envoyer un e-mail de test »: sent now, on a connection of its own (not behind a
   * backlog), and the result recorded in the health the dashboard shows. One per
   * TEST_EMAIL_INTERVAL_MS (TestEmailTooSoonError). Resolves with the recipient; rejects with
   * a TestEmailError in French.
   */
  async sendTestEmail(): Promise<string> {
    const settings = this.#email;
    if (!settings) {
      throw new TestEmailError(
        'les e-mails ne sont pas configurés : définissez SMTP_URL (voir .env.example), puis redémarrez le serveur.',
      );
    }
    // Taken before the send, so that requests in parallel are refused too.
    const now = this.#clock();
    if (
      this.#lastTestEmailAtMs !== null &&
      now - this.#lastTestEmailAtMs < TEST_EMAIL_INTERVAL_MS
    ) {
      throw new TestEmailTooSoonError(this.#lastTestEmailAtMs + TEST_EMAIL_INTERVAL_MS - now);
    }
    this.#lastTestEmailAtMs = now;
    const sender = createEmailTransport({
      smtpUrl: settings.smtpUrl,
      from: settings.from,
      pooled: false,
      ...(this.#smtpTimeouts ? { timeouts: this.#smtpTimeouts } : {}),
    });
    try {
      await sender.send({ ...composeTestEmail(settings), to: settings.to });
    } catch (error) {
      const reason = sender.describe(error);
      this.#sayEmailHealth({ channel: 'email', succeeded: false, lastError: reason });
      if (!this.#closed) {
        this.#repository.record(
          [],
          [{ channel: 'email', succeeded: false, lastError: reason }],
          this.#clock(),
        );
      }
      throw new TestEmailError(reason);
    } finally {
      sender.close();
    }
    if (!this.#closed) {
      this.#repository.record(
        [],
        [{ channel: 'email', succeeded: true, lastError: null }],
        this.#clock(),
      );
      this.wake();
    }
    return settings.to;
  }

  #schedule(channel: NotificationChannel, delayMs: number): void {
    if (this.#closed || !this.#started) return;
    clearTimeout(this.#timers.get(channel));
    // A timer's longest wait is about 24 days; the back-off never comes near it.
    const timer = setTimeout(
      () => void this.#run(channel),
      Math.max(0, Math.min(delayMs, 2 ** 30)),
    );
    timer.unref();
    this.#timers.set(channel, timer);
  }

  async #run(channel: NotificationChannel): Promise<void> {
    this.#timers.delete(channel);
    this.#running.add(channel);
    try {
      while (!this.#closed) {
        const items = this.#repository.due(channel, this.#clock(), BATCH_SIZE);
        if (items.length === 0) break;
        await Promise.all(items.map((item) => this.#attempt(item)));
        this.#recordSettled();
      }
    } catch (error) {
      this.#log.error({ err: error }, 'File des notifications : envoi interrompu');
    } finally {
      this.#running.delete(channel);
    }
    if (this.#closed) return;
    const next = this.#repository.nextDueAtMs(channel);
    if (next !== null) this.#schedule(channel, next - this.#clock());
  }

  async #attempt(item: OutboxItem): Promise<void> {
    const attempt = await this.#deliver(item);
    if (this.#closed) return;
    this.#settled.push({ channel: item.channel, attempt, outcome: this.#outcome(item, attempt) });
  }

  async #deliver(item: OutboxItem): Promise<Attempt> {
    const { message } = item;
    if (!message) return { state: 'gone', reason: 'message supprimé avant l’envoi' };
    const channel = this.#channels.get(item.channel);
    // A row written by a newer version, for a channel this one does not know: never sent by
    // another channel.
    if (!channel) return { state: 'gone', reason: `canal inconnu : ${item.channel}` };
    const attempt = await channel.deliver(item, message);
    if (attempt.state === 'gone' && item.subscription && !this.#closed) {
      this.#repository.removeSubscription(
        item.subscription.endpoint,
        attempt.reason,
        this.#clock(),
      );
    }
    return attempt;
  }

  /** What the attempt means for the outbox's row: done, cancelled, retried later or failed. */
  #outcome(item: OutboxItem, attempt: Attempt): DeliveryOutcome {
    const { id } = item;
    if (attempt.state === 'sent') return { id, state: 'sent' };
    if (attempt.state === 'gone') return { id, state: 'cancelled', reason: attempt.reason };
    const now = this.#clock();
    if (givesUp(item.createdAtMs, now, this.#retry.giveUpAfterMs)) {
      return { id, state: 'failed', error: attempt.error };
    }
    const nextAttemptAtMs = now + retryDelayMs(item.attempts + 1, this.#retry, this.#random);
    return { id, state: 'retry', error: attempt.error, nextAttemptAtMs };
  }

  /** The console line at the start and at the end of a streak of SMTP failures. */
  #sayEmailHealth(report: ChannelReport | undefined): void {
    if (!report) return;
    if (report.lastError !== null && !report.succeeded && !this.#emailFailing) {
      this.#emailFailing = true;
      this.#say(
        `E-mails de notification en échec : ${report.lastError} Les e-mails attendent et seront réessayés ; la prochaine ligne dira leur retour.`,
      );
    } else if (report.succeeded && this.#emailFailing) {
      this.#emailFailing = false;
      this.#say('E-mails de notification rétablis : ceux qui attendaient partent.');
    }
  }

  /** Writes the outcomes known so far, and what they say of each channel's health. */
  #recordSettled(): void {
    const settled = this.#settled.splice(0);
    if (settled.length === 0) return;
    const health: ChannelReport[] = [];
    for (const channel of new Set(settled.map((entry) => entry.channel))) {
      const report = healthReport(
        settled.filter((entry) => entry.channel === channel).map((entry) => entry.attempt),
      );
      if (report) health.push({ channel, ...report });
    }
    this.#sayEmailHealth(health.find((report) => report.channel === 'email'));
    this.#repository.record(
      settled.map((entry) => entry.outcome),
      health,
      this.#clock(),
    );
    for (const { outcome } of settled) {
      if (outcome.state === 'failed') {
        this.#log.error(givenUpLine(this.#retry.giveUpAfterMs, outcome.error));
      }
    }
  }
}
