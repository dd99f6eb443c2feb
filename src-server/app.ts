import Fastify, { type FastifyServerOptions } from 'fastify';
import { apiPlugin } from './api/api-plugin.ts';
import type { ApiContext } from './api/context.ts';
import { ensureAdminAccount } from './auth/admin-account.ts';
import { FirstPassword } from './auth/first-password.ts';
import { createNewDeviceLinks } from './auth/new-device-mail.ts';
import { SessionService } from './auth/session-service.ts';
import { signInLimits, SignInThrottle } from './auth/sign-in-throttle.ts';
import { TrustedDevices } from './auth/trusted-devices.ts';
import { systemClock, type Clock } from './clock.ts';
import {
  CONTACT_SENDER_WINDOW_MS,
  QUOTE_LINK_FAILURE_WINDOW_MS,
  type ServerConfig,
} from './config.ts';
import { trackConnections } from './connections.ts';
import { BackupSchedule } from './backup/backup-schedule.ts';
import { backupBeforeMigrating, backupDirectory } from './backup/database-backups.ts';
import { ContactInbox } from './contacts/contact-inbox.ts';
import { SpamPurge } from './contacts/spam-purge.ts';
import { AdminsRepository } from './db/admins-repository.ts';
import { ContactsRepository } from './db/contacts-repository.ts';
import { LeadsRepository } from './db/leads-repository.ts';
import { LeadPipeline } from './leads/lead-pipeline.ts';
import { createQuoteBook } from './quotes/create-quote-book.ts';
import { InvoiceBook } from './invoices/invoice-book.ts';
import { InvoiceLinks } from './invoices/invoice-links.ts';
import { InvoiceLinksRepository } from './db/invoice-links-repository.ts';
import { InvoicesRepository } from './db/invoices-repository.ts';
import { QuoteRefusal } from './quotes/quote-book.ts';
import { ReminderScheduler } from './leads/reminder-scheduler.ts';
import { RemindersRepository } from './db/reminders-repository.ts';
import { sellerLegalDetails } from '../shared/content/seller.ts';
import { defaultSettings } from '../shared/domain/settings/effective.ts';
import { SettingsRepository } from './db/settings-repository.ts';
import { SettingsBook } from './settings/settings-book.ts';
import { openDatabase } from './db/database.ts';
import { OneTimeLinksRepository } from './db/one-time-links-repository.ts';
import { SessionsRepository } from './db/sessions-repository.ts';
import { TrustedDevicesRepository } from './db/trusted-devices-repository.ts';
import type { RetryPolicy } from '../shared/notifications/retry-policy.ts';
import { smtpServerName, type EmailTransportOptions } from '../shared/node/email-transport.ts';
import type { PushTransportOptions } from '../shared/node/push-transport.ts';
import type { ChannelModule } from '../shared/notifications/channel.ts';
import type { SellerLegalDetails } from '../shared/domain/quotes/seller.ts';
import { createOutbox } from './notifications/create-outbox.ts';
import { EventBroadcaster, inboxFeedEvent, leadFeedEvent } from './realtime/broadcaster.ts';
import { FixedWindowCounter } from './security/fixed-window.ts';
import { SlidingWindowLimiter } from './security/sliding-window.ts';
import { registerSecurityHeaders } from './security/headers.ts';
import { originCheckHook } from './security/origin-check.ts';
import { openFolderWarning } from './security/private-files.ts';
import {
  OWASP_SCRYPT,
  PasswordHasher,
  type DeriveKey,
  type ScryptParams,
} from './security/passwords.ts';
import { clientErrorHandler, frameworkErrors, siteErrorHandler } from './http-errors.ts';
import { sitePlugin } from './site.ts';
import { WhatsappTapsRepository } from './db/whatsapp-taps-repository.ts';
import { whatsappTapRoute } from './whatsapp/whatsapp-tap-route.ts';
import { WHATSAPP_TAP_WINDOW_MS } from '../shared/domain/whatsapp-taps.ts';
import { HealthRepository } from './db/health-repository.ts';
import { healthPlugin } from './health.ts';

/** Request bodies are small JSON objects; a contact message fits well within 16 KiB. */
export const BODY_LIMIT_BYTES = 16 * 1024;

/**
 * How long a client may take to send its request. Node checks the open connections every
 * `checkIntervalMs`: a request still incomplete `requestMs` after it began gets a 408 and its
 * connection is closed within `requestMs + checkIntervalMs` (under 30 s), so a client that
 * trickles its body in cannot hold a socket for ever. An event stream is a GET whose request
 * is complete at once: these limits never cut it.
 */
export const HTTP_TIMEOUTS = {
  requestMs: 25_000,
  /** The headers alone: a few hundred bytes, even over a poor mobile connection. */
  headersMs: 15_000,
  checkIntervalMs: 1000,
  /**
   * An idle kept-alive connection is closed after this long: longer than the 60 s idle
   * timeout of the usual reverse proxies, so that the proxy, not us, closes first and never
   * reuses a connection we are closing.
   */
  keepAliveMs: 65_000,
};

/**
 * The spam past its retention is deleted at start and then this often: within an hour of its
 * 30 days (the list leaves it out at once).
 */
export const SPAM_PURGE_INTERVAL_MS = 3_600_000;

export interface AppOptions {
  config: ServerConfig;
  logger?: FastifyServerOptions['logger'];
  /** Current time in ms (tests move it to check session timeouts). */
  clock?: Clock;
  /**
   * scrypt cost; by default OWASP's, N = 2^PASSWORD_HASH_COST of the configuration (which
   * refuses a lower one outside the tests); unit tests pass cheaper ones to stay fast.
   */
  passwordParams?: ScryptParams;
  /** Derives the password keys (scrypt); tests wrap it to count the hashes. */
  deriveKey?: DeriveKey;
  /** Tests shorten these to see a slow client cut off without waiting 25 s. */
  httpTimeouts?: typeof HTTP_TIMEOUTS;
  /** Where the one line about e-mail notifications goes at start (stdout by default). */
  announce?: (line: string) => void;
  /** How often the spam past its 30 days is deleted (hourly; tests make it shorter). */
  spamPurgeIntervalMs?: number;
  /**
   * The agency's legal details quotes are sent with (shared/content/seller.ts by default):
   * tests change them between two starts, to see a sent quote keep its own.
   */
  seller?: () => SellerLegalDetails;
  /**
   * How often due reminders are looked for (every 30 s; tests make it shorter and move their
   * clock).
   */
  reminderCheckIntervalMs?: number;
  /** Tests shorten the back-off and the SMTP timeouts, and trust their push endpoint. */
  notifications?: {
    retry?: RetryPolicy;
    smtpTimeouts?: EmailTransportOptions['timeouts'];
    pushAgent?: PushTransportOptions['agent'];
    webhookAgent?: PushTransportOptions['agent'];
    /**
     * The channels (shared/notifications/registry.ts by default): a test registers one of its
     * own, to show that a channel needs nothing else.
     */
    channels?: readonly ChannelModule[];
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Makes this start's first-password link while no account exists and returns its token
     * (else null). server.ts calls it once the port is open: a start that fails (port taken)
     * must not replace the link of the server already running on the same data folder.
     */
    startFirstPassword: () => string | null;
    /**
     * The reminders' scheduler: it looks for what fell due every 30 s on its own; `check()`
     * looks now (the tests call it after moving their clock).
     */
    reminders: ReminderScheduler;
  }
}

/** A number of proxy hops becomes the function form Fastify's types accept. */
function trustProxyOption(value: ServerConfig['TRUST_PROXY']) {
  return typeof value === 'number' ? (_address: string, hop: number) => hop < value : value;
}

/** The whole server as one Fastify instance, testable with `inject` (server.ts listens). */
export async function buildApp({
  config,
  logger = false,
  clock = systemClock,
  passwordParams = { ...OWASP_SCRYPT, cost: 2 ** config.PASSWORD_HASH_COST },
  deriveKey,
  httpTimeouts = HTTP_TIMEOUTS,
  announce = (line) => process.stdout.write(`${line}\n`),
  notifications = {},
  spamPurgeIntervalMs = SPAM_PURGE_INTERVAL_MS,
  seller,
  reminderCheckIntervalMs,
}: AppOptions) {
  // Created 700 from now on; one left open by an older version or a chmod is named, once.
  for (const [dir, label] of [
    [config.DATA_DIR, 'Le dossier de données'],
    [backupDirectory(config), 'Le dossier des sauvegardes'],
  ] as const) {
    const warning = openFolderWarning(dir, label);
    if (warning) announce(warning);
  }
  // A new version brings migrations: the database is backed up as it is before they run.
  const beforeMigrating = await backupBeforeMigrating(
    config.DATA_DIR,
    backupDirectory(config),
    clock(),
  );
  if (beforeMigrating) {
    announce(
      `Base de données mise à jour du schéma ${beforeMigrating.from} au ${beforeMigrating.to} ; sauvegardée d’abord telle qu’elle était (${beforeMigrating.messages} messages) : ${beforeMigrating.file}`,
    );
  }
  const db = openDatabase(config.DATA_DIR);
  try {
    const contacts = new ContactsRepository(db);
    const admins = new AdminsRepository(db);
    const sessionsRepository = new SessionsRepository(db);
    const hasher = new PasswordHasher(passwordParams, deriveKey);

    await ensureAdminAccount({
      admins,
      sessions: sessionsRepository,
      hasher,
      clock,
      configured:
        config.ADMIN_EMAIL && config.ADMIN_PASSWORD
          ? { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD }
          : undefined,
    });
    const firstPassword = new FirstPassword({
      db,
      admins,
      links: new OneTimeLinksRepository(db),
      hasher,
      clock,
    });
    await hasher.warmUp();

    const sessions = new SessionService({
      admins,
      sessions: sessionsRepository,
      hasher,
      clock,
      timeouts: {
        idleMs: config.SESSION_IDLE_MINUTES * 60_000,
        absoluteMs: config.SESSION_ABSOLUTE_HOURS * 3_600_000,
      },
    });
    const app = Fastify({
      logger,
      trustProxy: trustProxyOption(config.TRUST_PROXY),
      bodyLimit: BODY_LIMIT_BYTES,
      requestTimeout: httpTimeouts.requestMs,
      keepAliveTimeout: httpTimeouts.keepAliveMs,
      http: {
        headersTimeout: httpTimeouts.headersMs,
        connectionsCheckingInterval: httpTimeouts.checkIntervalMs,
      },
      frameworkErrors,
      clientErrorHandler,
    });
    app.setErrorHandler(siteErrorHandler);
    const broadcaster = new EventBroadcaster({
      heartbeatMs: config.SSE_HEARTBEAT_MS,
      // An open dashboard counts as activity, until the absolute timeout.
      isSessionLive: (idHash) => sessions.refresh(idHash) !== null,
    });
    // « Réglages »: read by every rule when it runs, so that a save is effective at once.
    const settings = new SettingsBook({
      repository: new SettingsRepository(db),
      defaults: defaultSettings({
        digestTime: config.DIGEST_TIME,
        notifyEmail: config.NOTIFY_EMAIL,
        seller: sellerLegalDetails,
      }),
      clock,
      log: app.log,
    });
    const outbox = createOutbox({
      current: {
        ownerEmail: (configured) => settings.ownerEmail(configured),
        digestTime: () => settings.settings.notifications.digestTime.replace(/^off$/u, '') || null,
      },
      config,
      db,
      clock,
      admins,
      log: app.log,
      say: announce,
      notifications,
    });
    // The pipeline's changes are numbered apart from the inbox's: each log has its own.
    const leads = new LeadPipeline(
      new LeadsRepository(db),
      clock,
      (events) => broadcaster.publish('leads', events.map(leadFeedEvent)),
      () => settings.workingHours(),
    );
    const quotes = createQuoteBook({
      config,
      db,
      leads,
      clock,
      outbox,
      smtpTimeouts: notifications.smtpTimeouts,
      seller: seller ?? (() => settings.seller()),
    });
    const invoices = new InvoiceBook({
      db,
      repository: new InvoicesRepository(db),
      clock,
      seller: seller ?? (() => settings.seller()),
      quote: (id) => {
        try {
          return quotes.book.get(id);
        } catch (error) {
          if (error instanceof QuoteRefusal && error.kind === 'not-found') return null;
          throw error;
        }
      },
    });
    const invoiceLinks = new InvoiceLinks({
      ...quotes.links,
      repository: new InvoiceLinksRepository(db),
      clock,
      invoice: (id) => invoices.get(id),
    });
    const inbox = new ContactInbox(
      contacts,
      clock,
      (events) => {
        broadcaster.publish('contacts', events.map(inboxFeedEvent));
        // A deleted message's pipeline went with it (ON DELETE CASCADE): tell the pipeline's streams.
        for (const event of events) if (event.type === 'deleted') leads.messagesRemoved(event.ids);
      },
      outbox,
    );
    const newDeviceLinks = createNewDeviceLinks({
      config,
      db,
      admins,
      clock,
      say: announce,
      smtpTimeouts: notifications.smtpTimeouts,
    });
    const backups = new BackupSchedule({
      dataDir: config.DATA_DIR,
      dir: backupDirectory(config),
      clock,
      say: (line) => app.log.info(line),
      warn: (line) => app.log.error(line),
    });
    const whatsappTaps = new WhatsappTapsRepository(db);
    const context: ApiContext = {
      whatsappTaps,
      backups,
      inbox,
      outbox,
      sessions,
      firstPassword,
      signInThrottle: new SignInThrottle(
        signInLimits(config.SIGN_IN_MAX_FAILURES, config.SIGN_IN_WINDOW_MINUTES * 60_000),
        clock,
      ),
      trustedDevices: new TrustedDevices(new TrustedDevicesRepository(db), clock),
      newDeviceLinks: newDeviceLinks.links,
      contactRateLimit: {
        counter: new FixedWindowCounter(60_000, clock),
        limit: config.CONTACT_RATE_LIMIT,
        senders: new SlidingWindowLimiter(
          config.CONTACT_SENDER_LIMIT,
          CONTACT_SENDER_WINDOW_MS,
          clock,
        ),
        spamSenders: new SlidingWindowLimiter(
          config.CONTACT_SENDER_LIMIT,
          CONTACT_SENDER_WINDOW_MS,
          clock,
        ),
      },
      quoteLinkRateLimit: {
        failures: new FixedWindowCounter(QUOTE_LINK_FAILURE_WINDOW_MS, clock),
        limit: config.QUOTE_LINK_FAILURE_LIMIT,
      },
      events: {
        broadcaster,
        logs: {
          contacts: {
            replay: (since) => inbox.changesSince(since).map(inboxFeedEvent),
            lastSeq: () => inbox.lastSeq(),
          },
          leads: {
            replay: (since) => leads.changesSince(since).map(leadFeedEvent),
            lastSeq: () => leads.lastSeq(),
          },
        },
      },
      leads,
      quotes: quotes.book,
      invoices,
      invoiceLinks,
      settings,
      cookieSecure: config.COOKIE_SECURE,
    };

    const connections = trackConnections(app.server);
    // Shutdown: end the event streams (they would keep the server open forever) and let go
    // of connections with nothing in progress; once the requests in flight are answered,
    // commit what is queued (messages and their notifications), stop delivering (what is
    // still being sent stays pending, for the next start) and close the file.
    app.addHook('preClose', async () => {
      broadcaster.closeAll();
      connections.drain();
    });
    const spamPurge = new SpamPurge(inbox, app.log, spamPurgeIntervalMs);
    const reminders = new ReminderScheduler({
      repository: new RemindersRepository(db),
      outbox,
      clock,
      digestTime: () => settings.digestTime(),
      workingHours: () => settings.workingHours(),
      log: app.log,
      ...(reminderCheckIntervalMs ? { intervalMs: reminderCheckIntervalMs } : {}),
    });
    app.addHook('onClose', async () => {
      spamPurge.stop();
      reminders.stop();
      // A link being checked or sent goes out before the file closes.
      await newDeviceLinks.links.settled();
      newDeviceLinks.close();
      quotes.close();
      // A backup being written is finished with the file still open.
      await backups.close();
      inbox.close();
      outbox.close();
      db.close();
    });

    await registerSecurityHeaders(app);
    app.addHook('onRequest', originCheckHook);
    await app.register(apiPlugin, { prefix: '/api', context });
    await app.register(healthPlugin, { health: new HealthRepository(db), backups, clock });
    await app.register(whatsappTapRoute, {
      taps: whatsappTaps,
      clock,
      counter: new FixedWindowCounter(WHATSAPP_TAP_WINDOW_MS, clock),
      limit: config.CONTACT_RATE_LIMIT,
    });
    await app.register(sitePlugin, { webDir: config.WEB_DIR });
    app.decorate('startFirstPassword', () => firstPassword.startNew());
    app.decorate('reminders', reminders);
    await app.ready();
    announce(
      config.SMTP_URL
        ? `E-mails de notification : chaque nouveau message est envoyé à ${outbox.recipient} par ${smtpServerName(config.SMTP_URL)}.`
        : 'E-mails de notification désactivés : définissez SMTP_URL pour recevoir chaque message par e-mail (voir .env.example).',
    );
    announce(settings.describe());
    outbox.start();
    reminders.start();
    spamPurge.start();
    backups.start();
    return app;
  } catch (error) {
    if (db.isOpen) db.close();
    throw error;
  }
}
