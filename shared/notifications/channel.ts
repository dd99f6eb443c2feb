import type { z } from 'zod';
import type { OwnerNotice } from './notice.ts';
import type {
  Attempt,
  EmailTransport,
  PushSubscriptionRecord,
  PushTransport,
  WebhookTransport,
} from './delivery.ts';

/**
 * What a notification channel is, for both backends and the dashboard: one module
 * (channels/email.ts, push.ts, webhook.ts) and one line in the registry (registry.ts). The
 * embedded server's outbox (src-server/notifications), the Cloud Function (functions/) and
 * the dashboard's status and warnings know channels only through this (docs/inbox.md,
 * « Ajouter un canal »).
 *
 * Platform-free, so that the dashboard reads the registry: a module sends through the
 * transports a backend hands it (`ChannelSetup.transports`, Node's in shared/node/transports.ts),
 * never by importing Node code itself.
 */

/** The transports a channel may send through, built by each backend from shared/node/. */
export interface Transports {
  email(options: { smtpUrl: string; from: string }): EmailTransport;
  push(options: {
    vapid: { publicKey: string; privateKey: string };
    subject: string;
  }): PushTransport;
  webhook(options: { url: string; secret: string }): WebhookTransport;
}

/** What a backend gives a channel to set itself up with. */
export interface ChannelSetup {
  /**
   * A setting by its variable's name, as the backend validated it (src-server/config.ts on
   * the embedded server, the function's parameters and secrets in functions/src/params.ts);
   * undefined when not set.
   */
  setting(name: string): string | undefined;
  /** Who the notifications are for: NOTIFY_EMAIL (or, on the embedded server, the admin's). */
  ownerEmail: string;
  /**
   * What « Réglages » says now, read at each delivery (a save is effective at once): the
   * address that receives the notices and the digest's time (`HH:MM`, or null when off).
   * Absent: `ownerEmail` and DIGEST_TIME hold.
   */
  current?: { ownerEmail(): string; digestTime(): string | null };
  /** The site's public address, for the links to a message. */
  publicUrl: string;
  transports: Transports;
}

/** The values of a details shape (what the status adds to a channel's health). */
export type DetailsOf<Shape extends z.ZodRawShape> = z.infer<z.ZodObject<Shape>>;

/** A channel as a backend runs it, once set up from the configuration. */
export interface LiveChannel<Shape extends z.ZodRawShape = z.ZodRawShape> {
  /**
   * False when not configured (e-mail without SMTP_URL): nothing is queued or sent on it;
   * on the embedded server, what a previous run queued stays pending, counted.
   */
  readonly enabled: boolean;
  /**
   * What its settings say for the status's details. The Cloud Function publishes it for the
   * dashboard; the embedded server answers it.
   */
  describe(): Partial<DetailsOf<Shape>>;
  /**
   * Delivers one notice: a new message or a reminder (to one browser when the fan-out is per
   * subscription), or the digest on a channel that carries it.
   */
  deliver(notice: OwnerNotice, subscription?: PushSubscriptionRecord): Promise<Attempt>;
  /** Its attempt, named in the sentence of a deadline passed (« le webhook hooks.exemple.dz »). */
  attemptName(subscription?: PushSubscriptionRecord): string;
  /** Ends what it holds open (SMTP connections). */
  close(): void;
}

/** One channel: a module of channels/ (or a test's), listed once in registry.ts. */
export interface ChannelModule<
  Name extends string = string,
  Shape extends z.ZodRawShape = z.ZodRawShape,
> {
  /** Its name in the outbox, the health records and the status: lowercase letters. */
  readonly name: Name;
  /**
   * How the dashboard's warnings name it, in French, as the subject of « … ne reçoit plus les
   * messages » (« Le webhook »).
   */
  readonly label: string;
  /**
   * `message`: one notification per new message (e-mail, webhook); `subscription`: one per
   * browser subscribed at that moment (push: the backend keeps the subscriptions, and adds
   * their count to the status's details as `subscriptions`).
   */
  readonly fanOut: 'message' | 'subscription';
  /**
   * Whether it carries the daily digest (e-mail does); every channel carries the new
   * messages and the reminders.
   */
  readonly digest?: boolean | undefined;
  /** What the dashboard's status shows beyond its health (a zod shape; `{}`: nothing). */
  readonly details: Shape;
  /**
   * The embedded server's console lines at the start and at the end of a streak of failures,
   * each said once (e-mail: an SMTP outage must be seen without flooding the console); none
   * when absent.
   */
  readonly streakLines?: StreakLines | undefined;
  /** Sets it up from the configuration (in a backend only: the dashboard never calls it). */
  setUp(setup: ChannelSetup): LiveChannel<Shape>;
}

/** A channel's console lines on the embedded server (ChannelModule.streakLines). */
export interface StreakLines {
  failing(lastError: string): string;
  restored: string;
}

/** How a module is written: its settings made once from the configuration, then used. */
export interface ChannelDefinition<Name extends string, Shape extends z.ZodRawShape, Settings> {
  name: Name;
  label: string;
  fanOut: 'message' | 'subscription';
  digest?: boolean;
  details: Shape;
  streakLines?: StreakLines;
  /** Its settings (its transport, its recipient…); null when not configured (off). */
  configure(setup: ChannelSetup): Settings | null;
  /** The status's details from its settings (null: off). */
  describe(settings: Settings | null): Partial<DetailsOf<Shape>>;
  deliver(
    settings: Settings,
    notice: OwnerNotice,
    subscription?: PushSubscriptionRecord,
  ): Promise<Attempt>;
  attemptName(settings: Settings, subscription?: PushSubscriptionRecord): string;
  close?(settings: Settings): void;
}

/**
 * The code that composes and sends a notification (delivery.ts and what it uses), loaded by a
 * module's `deliver` when it first sends: the dashboard, which reads the modules for their
 * names, labels and details, never downloads it.
 */
export const sendingCode = () => import('./delivery.ts');

/** What a channel that is not configured answers, should an attempt reach it. */
export const switchedOff = (name: string): Promise<Attempt> =>
  Promise.resolve({ state: 'error', error: `canal ${name} désactivé` });

/** A channel module from its definition. */
export function defineChannel<const Name extends string, Shape extends z.ZodRawShape, Settings>(
  definition: ChannelDefinition<Name, Shape, Settings>,
): ChannelModule<Name, Shape> {
  const { name, label, fanOut, details, streakLines, digest = false } = definition;
  return {
    name,
    label,
    fanOut,
    digest,
    details,
    streakLines,
    setUp(setup) {
      const settings = definition.configure(setup);
      return {
        enabled: settings !== null,
        describe: () => definition.describe(settings),
        deliver: (notice, subscription) =>
          settings === null
            ? switchedOff(name)
            : definition.deliver(settings, notice, subscription),
        attemptName: (subscription) =>
          settings === null ? `le canal ${name}` : definition.attemptName(settings, subscription),
        close: () => {
          if (settings !== null) definition.close?.(settings);
        },
      };
    },
  };
}

/** A channel set up by a backend. */
export interface SetUpChannel extends LiveChannel {
  readonly name: string;
  readonly fanOut: 'message' | 'subscription';
  readonly digest: boolean;
  readonly streakLines?: StreakLines | undefined;
}

/** Sets up every channel of a registry, each once (a name twice is a programming error). */
export function setUpChannels(
  channels: readonly ChannelModule[],
  setup: ChannelSetup,
): SetUpChannel[] {
  const names = new Set<string>();
  return channels.map((channel) => {
    if (names.has(channel.name)) throw new Error(`canal ${channel.name} enregistré deux fois`);
    names.add(channel.name);
    const { name, fanOut, streakLines } = channel;
    return { ...channel.setUp(setup), name, fanOut, streakLines, digest: channel.digest === true };
  });
}
