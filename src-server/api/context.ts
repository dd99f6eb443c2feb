import type { FastifyRequest } from 'fastify';
import type { BackupSchedule } from '../backup/backup-schedule.ts';
import type { FirstPassword } from '../auth/first-password.ts';
import type { NewDeviceLinks } from '../auth/new-device-links.ts';
import type { SessionService } from '../auth/session-service.ts';
import type { SignInThrottle } from '../auth/sign-in-throttle.ts';
import type { TrustedDevices } from '../auth/trusted-devices.ts';
import type { ContactInbox } from '../contacts/contact-inbox.ts';
import type { LeadPipeline } from '../leads/lead-pipeline.ts';
import type { InvoiceBook } from '../invoices/invoice-book.ts';
import type { InvoiceLinks } from '../invoices/invoice-links.ts';
import type { QuoteBook } from '../quotes/quote-book.ts';
import type { SettingsBook } from '../settings/settings-book.ts';
import type { WhatsappTapsRepository } from '../db/whatsapp-taps-repository.ts';
import type { SessionRecord } from '../db/sessions-repository.ts';
import type { NotificationOutbox } from '../notifications/notification-outbox.ts';
import type { EventStream } from './event-stream-route.ts';
import type { FixedWindowCounter } from '../security/fixed-window.ts';
import type { SlidingWindowLimiter } from '../security/sliding-window.ts';
import { ApiError, MESSAGES } from './errors.ts';

/** What the API routes work with, built once by app.ts. */
export interface ApiContext {
  inbox: ContactInbox;
  /** The lead pipeline (docs/inbox.md, « Le suivi des contacts »). */
  leads: LeadPipeline;
  /** Quotes (docs/quotes.md). */
  quotes: QuoteBook;
  /** Invoices and their payments (docs/invoices.md). */
  invoices: InvoiceBook;
  /** The invoices' client links (docs/invoices.md, « La page du client »). */
  invoiceLinks: InvoiceLinks;
  /** « Réglages » (docs/inbox.md). */
  settings: SettingsBook;
  /** The public pages' WhatsApp taps (docs/inbox.md, « Les contacts par WhatsApp »). */
  whatsappTaps: WhatsappTapsRepository;
  backups: BackupSchedule;
  outbox: NotificationOutbox;
  sessions: SessionService;
  firstPassword: FirstPassword;
  signInThrottle: SignInThrottle;
  trustedDevices: TrustedDevices;
  newDeviceLinks: NewDeviceLinks;
  contactRateLimit: {
    /** Posts per client address and per minute. */
    counter: FixedWindowCounter;
    limit: number;
    /** Messages per sender (e-mail, phone or text), see CONTACT_SENDER_LIMIT. */
    senders: SlidingWindowLimiter;
    /**
     * The same limit for the posts kept as spam, counted apart: they never take anything of
     * a real sender's allowance.
     */
    spamSenders: SlidingWindowLimiter;
  };
  /** Dead client's quote links per client address (QUOTE_LINK_FAILURE_LIMIT). */
  quoteLinkRateLimit: {
    failures: FixedWindowCounter;
    limit: number;
  };
  /**
   * The dashboards' event streams: the inbox's and the pipeline's change logs, each numbered on
   * its own, and what sends their changes to every open stream.
   */
  events: EventStream;
  cookieSecure: boolean;
}

export const SESSION_COOKIE = 'sid';
/** Marks a browser or console the owner signed in from (see TrustedDevices). */
export const DEVICE_COOKIE = 'device';
/** The browser's nonce an e-mailed new-device link is bound to (see NewDeviceLinks). */
export const LINK_COOKIE = 'device-link';

declare module 'fastify' {
  interface FastifyRequest {
    /** The admin session, set by the admin scope's hook. */
    adminSession: SessionRecord | null;
  }
}

/** The session the admin scope's hook found: every route of that scope has one. */
export function adminOf(request: FastifyRequest): SessionRecord {
  if (!request.adminSession) throw new ApiError(401, MESSAGES.unauthorized);
  return request.adminSession;
}
