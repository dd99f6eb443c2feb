import type { WhatsappTap } from '../domain/whatsapp-taps.ts';
import type { ContactFormValues, ContactMessage, SpamMessage } from '../domain/contact.ts';
import type { InboxChange } from '../domain/inbox.ts';
import type { NewContactValues } from '../domain/leads/new-contact.ts';
import type { Lead, ReplyChannel, StatusChange } from '../domain/leads/pipeline.ts';
import { FAILURES, rateLimitedMessage, type FailureCode } from '../domain/messages.ts';
import type { NotificationStatus, PushSubscriptionJson } from '../notifications/status.ts';
import type { BackupStatus } from '../backup/status.ts';
import type { ChannelModule } from '../notifications/channel.ts';
import type {
  PublicQuote,
  Quote,
  QuoteAnswerInput,
  QuoteDraftFields,
  QuoteSendOptions,
} from '../domain/quotes/record.ts';
import type {
  CreditNoteInput,
  Invoice,
  InvoiceFromQuoteInput,
  InvoiceWithoutQuoteInput,
  PaymentInput,
} from '../domain/invoices/invoice.ts';
import type { PublicInvoice } from '../domain/invoices/client-link.ts';
import type { QuoteShareVia } from '../domain/quotes/rules.ts';
import type { SettingsAnswer } from '../domain/settings/record.ts';
import type { SettingsInput, SettingsVersion } from '../domain/settings/settings.ts';

/** The signed-in administrator. */
export interface Admin {
  email: string;
}

/** Every failure of a port is one of these (their French texts are in the catalogue). */
export type BackendErrorCode = FailureCode;

export interface BackendErrorOptions {
  message?: string;
  /** French message per field, for 'invalid-input'. */
  fields?: Record<string, string>;
  /** For 'rate-limited': seconds before trying again. */
  retryAfterSeconds?: number;
  /**
   * For 'rate-limited' on signing in from an unknown device while the account is under
   * attack: a sign-in link was e-mailed if the password is right ('link-sent'), or none can
   * be ('no-email'). The message says it in French.
   */
  newDevice?: NewDeviceRefusal;
  cause?: unknown;
}

export type NewDeviceRefusal = 'link-sent' | 'no-email';

/** Every failure of a port is one of these; `message` is ready to show to the user. */
export class BackendError extends Error {
  readonly code: BackendErrorCode;
  readonly fields?: Record<string, string>;
  readonly retryAfterSeconds?: number;
  readonly newDevice?: NewDeviceRefusal;

  constructor(code: BackendErrorCode, options: BackendErrorOptions = {}) {
    super(
      options.message ??
        (code === 'rate-limited' ? rateLimitedMessage(options.retryAfterSeconds) : FAILURES[code]),
      options.cause === undefined ? undefined : { cause: options.cause },
    );
    this.name = 'BackendError';
    this.code = code;
    if (options.fields) this.fields = options.fields;
    if (options.retryAfterSeconds !== undefined) this.retryAfterSeconds = options.retryAfterSeconds;
    if (options.newDevice) this.newDevice = options.newDevice;
  }
}

export function isBackendError(error: unknown): error is BackendError {
  return error instanceof BackendError;
}

/** What to tell the user about a failure: its own text, or the catalogue's unexpected error. */
export function failureText(error: unknown): string {
  return isBackendError(error) ? error.message : FAILURES.unknown;
}

export type WatchStatus = 'connecting' | 'live' | 'reconnecting';

/**
 * What a watch reports. The whole list comes once, then only what changes, so that a new
 * message costs the same to pass on whatever the size of the inbox.
 */
export interface MessagesObserver {
  /**
   * Every message, newest first: once loaded, and again only when the watch had to start
   * over (Firestore listening anew after an outage). The changes that follow apply to it.
   */
  snapshot(messages: ContactMessage[]): void;
  /** What changed since, in order (`applyInboxChanges` applies them); never before a snapshot. */
  changes(changes: InboxChange[]): void;
  /** 'connecting' first, 'live' once realtime updates flow, 'reconnecting' while cut off. */
  status?(status: WatchStatus): void;
  /** A failure that ends the watch (e.g. 'unauthorized'); nothing is delivered after it. */
  error?(error: BackendError): void;
}

/** The contact messages: public sending, admin-only realtime reading. */
export interface MessageStore {
  /**
   * Stores a message; resolves once it is stored for good. Pass the fields as the visitor
   * typed them (a `ContactFields` works too): the backend validates and normalises them. A
   * message whose hidden field is filled resolves all the same, and is kept as spam: out of
   * the inbox, never notified (`listSpam`).
   */
  send(input: ContactFormValues): Promise<{ id: string }>;
  /**
   * Watches every message; returns the function that stops watching. An 'added' change is a
   * message this watch has not delivered before: a replay after a reconnection is dropped.
   */
  watch(observer: MessagesObserver): () => void;
  /**
   * Admin only: marks one message read or unread. Every open watch (this one and other
   * dashboards) then delivers it as 'changed'. Rejects with 'not-found' when the message is
   * gone.
   */
  setRead(id: string, read: boolean): Promise<void>;
  /** Admin only: deletes these messages for good; ids already gone are ignored. */
  remove(ids: readonly string[]): Promise<void>;
  /**
   * Admin only: the messages kept as spam (« Indésirables »), newest first, each with its
   * reason; those older than SPAM_RETENTION_DAYS are gone. They are never in a watch.
   * Absent where the backend cannot reach them (the dashboard then shows no such view).
   */
  listSpam?(): Promise<SpamMessage[]>;
  /**
   * Admin only, « Pas un indésirable »: moves one message kept as spam to the inbox, with
   * its reception time, unread. Every open watch delivers it as 'added', and the owner is
   * notified of it as of a new message (every channel). Rejects with 'not-found' when there
   * is no such spam (deleted, purged, or moved already).
   */
  restoreSpam?(id: string): Promise<void>;
  /**
   * Admin only, « Marquer comme indésirable » (shared/domain/spam-marking.ts): moves one
   * message of the inbox to « Indésirables », reason `owner`; every open watch delivers it as
   * 'removed'. Its lead stays, out of sight with it; « Pas un indésirable » (`restoreSpam`)
   * puts both back, its read flag as it was, without notifying the owner again. Its 30 days
   * count from now. Rejects with 'not-found' when it is not in the inbox, 'refused' (with the
   * rule's French sentence) for a lead typed in.
   */
  markSpam?(id: string): Promise<void>;
}

/** One change of the pipeline: a lead as it now is (its whole timeline), or gone with its message. */
export type LeadChange = { type: 'set'; lead: Lead } | { type: 'removed'; id: string };

/** What a pipeline watch reports, as a messages watch does. */
export interface LeadsObserver {
  /**
   * Every lead the owner worked on (a message absent from it is « Nouveau » since it
   * arrived: `newLead`); again only when the watch had to start over.
   */
  snapshot(leads: Lead[]): void;
  /** What changed since, in order; never before a snapshot. */
  changes(changes: LeadChange[]): void;
  status?(status: WatchStatus): void;
  /** A failure that ends the watch (e.g. 'unauthorized'); nothing is delivered after it. */
  error?(error: BackendError): void;
}

/**
 * Admin only: the lead pipeline of the inbox's messages (docs/inbox.md, « Le suivi des
 * contacts »), keyed by message id. Every operation is checked with the schemas of
 * shared/domain/leads/pipeline.ts and rejects bad input with 'invalid-input' and French
 * `fields`, changing nothing; a message that is not in the inbox rejects with 'not-found'.
 * Every open watch then delivers the lead as it now is.
 */
export interface LeadPipeline {
  watch(observer: LeadsObserver): () => void;
  /**
   * Changes the status (dated on the timeline). « Perdu » needs its `lostReason`. Without
   * `nextActionAt`, « Contacté » and « Devis envoyé » get the default (+2, +5 days), « Gagné »
   * and « Perdu » none, « Nouveau » keeps its own; a new one must lie ahead.
   */
  setStatus(id: string, change: StatusChange): Promise<void>;
  /** Adds a note (1 to 5,000 characters) to the timeline; resolves with its id. */
  addNote(id: string, text: string): Promise<{ noteId: string }>;
  /**
   * Corrects a note within 10 minutes of its adding; after, rejects with 'refused' (the
   * message says why). A note is never deleted on its own.
   */
  correctNote(id: string, noteId: string, text: string): Promise<void>;
  /** « Relancer le »: a date to come (milliseconds), or null for none. */
  setNextAction(id: string, nextActionAt: number | null): Promise<void>;
  /** The estimated value in whole dinars, or null for none. */
  setEstimatedValue(id: string, estimatedValue: number | null): Promise<void>;
  /** Puts a reply sent from a reply shortcut on the timeline. */
  recordReply(id: string, channel: ReplyChannel): Promise<void>;
  /**
   * « Nouveau contact »: adds a lead the owner received elsewhere (by phone, WhatsApp, at the
   * office), checked by `newContactSchemaAt` (a name, a phone or an e-mail, the form's rules
   * for the rest; a « Relancer le » to come). It enters the inbox read, with its `source`, at
   * « Contacté » (its « Relancer le » +2 days by default) or « Nouveau »; every open watch
   * delivers it. The owner is not notified of it (no e-mail, push or webhook), and it is never
   * judged as spam. Resolves with the new message's id. Absent where the backend cannot yet
   * (the console's relay).
   */
  addContact?(input: NewContactValues): Promise<{ id: string }>;
}

/** What « Envoyer au client » did. */
export interface QuoteSent {
  /** The quote as it now is: « Envoyé », numbered, locked, its seller details frozen. */
  quote: Quote;
  /**
   * The client's link (`…/pageDevis#<token>`), shown this once: the backend keeps only the
   * token's hash. The owner may also pass it on another way (WhatsApp).
   */
  link: string;
  /**
   * The e-mail to the client: `sent` (its SMTP server accepted it), or not sent, with why in
   * French (`error`: no e-mail set up, the server refused…). The quote is sent either way;
   * `resendLink` makes a new link and tries again.
   */
  email: { to: string; sent: true } | { to: string | null; sent: false; error: string };
}

/**
 * Quotes (devis) made from leads (docs/quotes.md). The owner's operations are admin only
 * ('unauthorized' otherwise); `readByToken` and `answer` are the client's, public, by the
 * link's token. Bad input rejects with 'invalid-input' and French `fields` keyed by the
 * field's whole path (`client.lastName`, `lines.0.quantity`, `lines`: quoteFieldErrors),
 * storing nothing; an operation the quote's state does not allow rejects with 'refused' and
 * a French message (QUOTE_MESSAGES, or transitionQuote's); an unknown quote or lead with
 * 'not-found'. Every read first marks as « Expiré » the sent quotes past their validity.
 */
export interface QuoteStore {
  /** Every quote (every version), newest first. */
  list(): Promise<Quote[]>;
  /** The quotes of one lead (every version), newest first. */
  listByLead(leadId: string): Promise<Quote[]>;
  get(id: string): Promise<Quote>;
  /**
   * A new draft (« Brouillon », no number yet) for a lead of the inbox, checked by
   * quoteDraftSchemaFor(the agency's regime): the editor prefills it from the lead.
   */
  createDraft(leadId: string, draft: QuoteDraftFields): Promise<Quote>;
  /** Replaces a draft's content; a sent quote rejects with 'refused' (QUOTE_MESSAGES.locked). */
  updateDraft(id: string, draft: QuoteDraftFields): Promise<Quote>;
  /** Deletes a draft; a sent quote stays ('refused'): its number is never freed. */
  removeDraft(id: string): Promise<void>;
  /**
   * « Envoyer au client »: gives a first version the next number of its year (one unbroken
   * series per year, never reused), sets its date of issue to today (Algiers) and its validity
   * from it, freezes the agency's details, tax regime and droit de timbre scale, locks it,
   * makes its link, and e-mails the link to `email` or the lead's address (Reply-To the
   * owner). Sending version N makes version N−1 « Remplacé » (its link stops working). The
   * lead becomes « Devis envoyé » (unless already « Gagné »), on its timeline.
   */
  send(id: string, options?: QuoteSendOptions): Promise<QuoteSent>;
  /**
   * A new link for a sent quote (the old one stops working), e-mailed as `send` does; for a
   * lost e-mail or a link to pass on again.
   */
  resendLink(id: string, options?: QuoteSendOptions): Promise<Omit<QuoteSent, 'quote'>>;
  /**
   * A new version of a sent quote (« Envoyé », « Refusé » or « Expiré »), as a draft with the
   * same content and the number's next suffix (`DEV-2026-0001-V2`); the quote it follows keeps
   * its state until the new one is sent. Refused ('refused') for a draft, an accepted quote,
   * one already followed by a newer version.
   */
  newVersion(id: string): Promise<Quote>;
  /**
   * The client's link of a sent quote, the same each time while it is open (issue 44: derived
   * from the quote and a server secret, never stored in clear), so that the owner can show,
   * copy or send it again; `via` logs on the lead's timeline that it was sent on WhatsApp
   * (`whatsapp`) or copied (`lien`). Refused ('refused') for a draft, an expired or replaced
   * quote, and, with `via`, an answered one (decideShowLink).
   */
  link(id: string, via?: QuoteShareVia): Promise<{ link: string }>;
  /** Marks « Expiré » every sent quote past its validity; resolves with how many. */
  expireOverdue(): Promise<number>;
  /**
   * The client's page: the quote behind a link's token (read only, nothing else of the lead).
   * Rejects with 'not-found' and QUOTE_MESSAGES.linkDead once it expired or was replaced, or
   * for a token that never was. Public.
   */
  readByToken(token: string): Promise<PublicQuote>;
  /**
   * « Accepter le devis » / « Refuser », with an optional comment, once: a second answer
   * rejects with 'refused' (QUOTE_MESSAGES.alreadyAnswered). Accepting makes the lead
   * « Gagné », on its timeline; the owner is told through every channel either way. Public.
   */
  answer(token: string, answer: QuoteAnswerInput): Promise<PublicQuote>;
}

/**
 * Invoices (docs/invoices.md), admin only ('unauthorized' otherwise). An invoice is numbered
 * and frozen when it is issued, on the backend's clock, and never changes after: only its
 * payments and the credit notes issued against it are added. Bad input rejects with
 * 'invalid-input' and French `fields` keyed by field (`percent`, `amount`, `date`, `method`,
 * `reason`), storing nothing; what the rules refuse (a quote not accepted, already invoiced…)
 * with 'refused' and INVOICE_MESSAGES' sentence; an unknown quote or invoice with 'not-found'.
 */
export interface InvoiceStore {
  /** Every invoice and credit note, newest first, with its payments and credits. */
  list(): Promise<Invoice[]>;
  /** Those of one lead, newest first. */
  listByLead(leadId: string): Promise<Invoice[]>;
  get(id: string): Promise<Invoice>;
  /**
   * « Facture d’acompte » (a percentage or an amount), « Facture de solde » (the quote less
   * the deposits invoiced) or « Facture » (the whole) from an accepted quote: numbered
   * FAC-YYYY-NNNN (the next of its year, never skipped nor given twice), dated today
   * (Algiers), the agency's details and the stamp scale frozen.
   */
  issueFromQuote(quoteId: string, input: InvoiceFromQuoteInput): Promise<Invoice>;
  /**
   * « Facture » for a lead without a quote: the owner's lines (as a quote's, for the agency's
   * regime) and client, numbered in the same series, dated today, frozen the same way; an
   * unknown lead rejects with 'not-found' (INVOICE_MESSAGES.leadNotFound). Absent where the
   * backend cannot issue one yet (the desktop console, until its IPC channel).
   */
  issueWithoutQuote?(leadId: string, input: InvoiceWithoutQuoteInput): Promise<Invoice>;
  /** « Facture d’avoir » (AV-YYYY-NNNN) against an issued invoice; resolves with the credit note. */
  issueCreditNote(invoiceId: string, input: CreditNoteInput): Promise<Invoice>;
  /** « Enregistrer un paiement »; resolves with the invoice and its new payment. */
  recordPayment(invoiceId: string, input: PaymentInput): Promise<Invoice>;
  /**
   * The client's link of an issued invoice (`…/pageFacture#<token>`, issue 46), the same each
   * time (derived from the invoice and a server secret, as a quote's): to show, copy, or send
   * on WhatsApp. A credit note has none ('refused', INVOICE_LINK_MESSAGES.creditNote). Absent
   * where the backend has no client page for invoices yet.
   */
  link?(invoiceId: string): Promise<{ link: string }>;
  /**
   * E-mails the client's link to `email` or the lead's address, in the invoice's language,
   * Reply-To the owner (as a quote's). A lead without an address, or a failed e-mail, is not
   * an error: `email.sent` is false, with why in French.
   */
  emailLink?(invoiceId: string, options?: QuoteSendOptions): Promise<Omit<QuoteSent, 'quote'>>;
  /**
   * The client's page: the invoice behind a link's token, read only (PublicInvoice: nothing of
   * the lead), with the backend's day. Rejects with 'not-found' and INVOICE_LINK_MESSAGES.linkDead
   * for a token that never was. Public.
   */
  readByToken?(token: string): Promise<PublicInvoice>;
}

/**
 * Admin only: « Réglages » (docs/inbox.md), the agency's details and the owner's habits. `get`
 * gives the settings in force (the configuration's defaults until first saved: `savedAt`
 * null) and the required legal mentions still missing or examples; `save` checks the whole
 * settings with shared/domain/settings (bad input rejects with 'invalid-input' and French
 * `fields` keyed by the field's path, `legal.nif`, saving nothing) and keeps them as a new
 * version with its date, effective at once on every rule of the backend.
 */
export interface SettingsStore {
  get(): Promise<SettingsAnswer>;
  save(settings: SettingsInput): Promise<SettingsAnswer>;
  /** The saved versions, newest first, each with its date and who saved it. */
  history(): Promise<SettingsVersion[]>;
}

/** How a sign-in is kept (docs/inbox.md, « Rester connecté »). */
export interface SignInOptions {
  /**
   * « Rester connecté sur cet appareil »: the session survives closing the browser, 30 days on
   * the embedded server (Firebase: its local persistence). Absent or false: today's limits.
   */
  remember?: boolean;
}

/** The administrator's session. */
export interface AdminSession {
  /** Rejects with 'invalid-credentials' (same error for an unknown e-mail or a wrong password). */
  signIn(email: string, password: string, options?: SignInOptions): Promise<Admin>;
  signOut(): Promise<void>;
  /**
   * « Se déconnecter partout »: ends every session of the owner, on every device, this one
   * included. Absent where the backend cannot.
   */
  signOutEverywhere?(): Promise<void>;
  /**
   * Creates the account from the one-time link the local server prints while none exists,
   * then signs in. Rejects with 'refused' (its message saying why) when the link is used or
   * replaced. Absent where accounts are made elsewhere (Firebase: its console).
   */
  setFirstPassword?(token: string, email: string, password: string): Promise<Admin>;
  /**
   * Signs in with the link e-mailed to an unknown device while the account was under attack
   * (its token), in the browser or console that typed the password; that device is trusted
   * from then on. Rejects with 'refused' (its message saying why) when the link is used,
   * expired, replaced or from another browser. Absent on Firebase.
   */
  openNewDeviceLink?(token: string): Promise<Admin>;
  /** The signed-in admin, or null. */
  current(): Promise<Admin | null>;
  /**
   * Why the session here ended by itself, in French, for the sign-in page (Firebase: the
   * sign-in reached REMEMBERED_SESSION_DAYS); null otherwise, and again after a sign-in.
   * Absent where the backend never says.
   */
  endNotice?(): string | null;
  /**
   * Calls `listener` once with the current state (like Firebase's onAuthStateChanged), then
   * on every sign-in, sign-out or expiry noticed. Returns the function that stops listening.
   */
  onChange(listener: (admin: Admin | null) => void): () => void;
}

/**
 * Admin only: how the owner is told of new messages (e-mail, push to their devices), and
 * this browser's push subscription.
 */
export interface OwnerNotifications {
  /**
   * The channels it reads, for their French names in the dashboard's warnings (the registry's,
   * shared/notifications/registry.ts, when absent).
   */
  readonly channels?: readonly ChannelModule[];
  status(): Promise<NotificationStatus>;
  /**
   * Sends a test e-mail now; resolves with its recipient, or rejects with a BackendError
   * whose message says in French why it could not be sent (a wrong SMTP password…). Absent
   * where the backend cannot (Firebase: the Cloud Function sends only on new messages).
   */
  sendTestEmail?(): Promise<string>;
  /** From now on, each new message is pushed to this subscription (saving it twice is fine). */
  addPushSubscription(subscription: PushSubscriptionJson): Promise<void>;
  removePushSubscription(endpoint: string): Promise<void>;
}

/** The embedded server's database backups (the owner is warned when they stop). */
export interface DatabaseBackups {
  status(): Promise<BackupStatus>;
}

/** What an adapter provides. */
/**
 * The public pages' WhatsApp taps (docs/inbox.md, « Les contacts par WhatsApp »), counted by
 * the first-party redirect `/go/whatsapp`: the owner reads them for « Sources ».
 */
export interface WhatsappTapStore {
  /** The taps counted after `sinceMs` (the latest first). */
  since(sinceMs: number): Promise<WhatsappTap[]>;
}

export interface Backend {
  messages: MessageStore;
  /** The WhatsApp taps of the public pages; absent where the backend cannot read them. */
  whatsappTaps?: WhatsappTapStore;
  /** The lead pipeline; absent where the backend has none (the console's relay, for now). */
  leads?: LeadPipeline;
  /** Quotes (devis); absent where the backend has none. */
  quotes?: QuoteStore;
  /** Invoices and payments; absent where the backend has none yet. */
  invoices?: InvoiceStore;
  /** « Réglages »; absent where the backend has none yet. */
  settings?: SettingsStore;
  session: AdminSession;
  /** Absent where the backend cannot tell the owner by e-mail or push (the console's relay). */
  notifications?: OwnerNotifications;
  /** Absent where the data is not the server's own (Firebase backs Firestore up itself). */
  backups?: DatabaseBackups;
  /**
   * Ends the open watches (without an error) and the session listeners, and lets go of what
   * the adapter holds (streams, the Firebase app). The backend is not used after this.
   */
  close(): Promise<void>;
}
