import { randomUUID } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';
import type { SellerLegalDetails } from '../../shared/domain/quotes/seller.ts';
import { quoteDraftSchemaFor } from '../../shared/domain/quotes/quote.ts';
import {
  QUOTE_MESSAGES,
  QUOTE_TOKEN_PATTERN,
  publicQuoteOf,
  quoteFieldErrors,
  quoteLink,
  quoteTotals,
  type PublicQuote,
  type Quote,
} from '../../shared/domain/quotes/record.ts';
import {
  decideAnswer,
  decideDraftChange,
  decideNewVersion,
  decideReadByLink,
  decideResendLink,
  decideFirstView,
  decideSend,
  decideShowLink,
  overdueBefore,
  parseQuoteAnswer,
  quoteDay,
  quoteRecipient,
  type QuoteRefused,
  type QuoteShareVia,
} from '../../shared/domain/quotes/rules.ts';
import { hashQuoteToken, quoteLinkOf } from '../../shared/node/quote-link-token.ts';
import { stampDutyScaleFor } from '../../shared/domain/quotes/stamp-duty.ts';
import { DEFAULT_VALIDITY_DAYS, validUntil } from '../../shared/domain/quotes/validity.ts';
import type { OutgoingEmail } from '../../shared/notifications/delivery.ts';
import { composeQuoteEmail } from '../../shared/notifications/quote-email.ts';
import type { QuoteAnswerNotice } from '../../shared/notifications/notice.ts';
import type { Clock } from '../clock.ts';
import { inTransaction } from '../db/database.ts';
import type { DraftContent, QuotesRepository, StoredQuote } from '../db/quotes-repository.ts';
import type { LeadPipeline } from '../leads/lead-pipeline.ts';

/** Why an operation on quotes was refused, with the French sentence to answer. */
export class QuoteRefusal extends Error {
  readonly kind: 'not-found' | 'refused' | 'invalid-input';
  readonly fields: Record<string, string> | undefined;

  constructor(kind: QuoteRefusal['kind'], message: string, fields?: Record<string, string>) {
    super(message);
    this.name = 'QuoteRefusal';
    this.kind = kind;
    this.fields = fields;
  }
}

const notFound = () => new QuoteRefusal('not-found', QUOTE_MESSAGES.notFound);

/** A rule's refusal (shared/domain/quotes/rules.ts) as this service throws it. */
const refusal = (refused: QuoteRefused) =>
  new QuoteRefusal(
    refused.kind,
    refused.kind === 'invalid-input' ? 'invalid-input' : refused.message,
    refused.fields,
  );

export { hashQuoteToken };

/** What sending e-mails through; null when no SMTP server is set up. */
export interface QuoteMailer {
  send(email: OutgoingEmail): Promise<void>;
  describe(error: unknown): string;
}

/**
 * How the owner is told of a client's answer: queued on every channel of the outbox inside
 * the answer's transaction, the workers woken once it is committed.
 */
export interface QuoteAnswerNotifier {
  queue(contactId: string, answer: QuoteAnswerNotice): void;
  wake(): void;
}

export interface QuoteBookOptions {
  db: DatabaseSync;
  repository: QuotesRepository;
  leads: LeadPipeline;
  clock: Clock;
  /** The agency's legal details as they are now (frozen into each quote sent). */
  seller: () => SellerLegalDetails;
  mailer: QuoteMailer | null;
  /** The owner's address: Reply-To of the client's e-mail. */
  ownerEmail: () => string | null;
  /** The site's public address, for the client's link. */
  publicUrl: string;
  /** The key the links' tokens are derived with (loadQuoteLinkSecret). */
  linkSecret: string;
  notifier: QuoteAnswerNotifier;
}

export interface SendResult {
  quote: Quote;
  link: string;
  email: { to: string; sent: true } | { to: string | null; sent: false; error: string };
}

const NO_SMTP = 'L’envoi d’e-mails n’est pas configuré sur le serveur (SMTP_URL).';

/**
 * The quotes of the embedded server (docs/quotes.md, « Le stockage »): each operation checked
 * (the schemas, the state, the date), written in one transaction with what follows from it
 * (the number's counter, the version replaced, the lead's status and timeline), the lead's
 * change published once committed.
 */
export class QuoteBook {
  readonly #options: QuoteBookOptions;

  constructor(options: QuoteBookOptions) {
    this.#options = options;
  }

  get #repository(): QuotesRepository {
    return this.#options.repository;
  }

  #now(): number {
    return this.#options.clock();
  }

  #today(now = this.#now()): string {
    return quoteDay(now);
  }

  /** The quote as the port hands it: a draft dated today with the current details. */
  #complete(stored: StoredQuote, today = this.#today()): Quote {
    const { snapshot, ...rest } = stored;
    if (snapshot !== null) return { ...rest, ...snapshot };
    return {
      ...rest,
      issueDate: today,
      validUntil: validUntil(today, stored.validityDays),
      seller: this.#options.seller(),
      stampDutyScale: stampDutyScaleFor(today),
    };
  }

  #stored(id: string): StoredQuote {
    const stored = this.#repository.get(id);
    if (!stored) throw notFound();
    return stored;
  }

  /** Marks « Expiré » the sent quotes past their last valid day (their links stop working). */
  expireOverdue(): number {
    const now = this.#now();
    const overdue = this.#repository.overdue(overdueBefore(now));
    if (overdue.length === 0) return 0;
    inTransaction(this.#options.db, () => {
      for (const id of overdue) this.#repository.setStatus(id, 'expire', now);
    });
    return overdue.length;
  }

  list(leadId?: string): Quote[] {
    this.expireOverdue();
    const today = this.#today();
    return this.#repository.list(leadId).map((stored) => this.#complete(stored, today));
  }

  get(id: string): Quote {
    this.expireOverdue();
    return this.#complete(this.#stored(id));
  }

  /** The draft's content, checked for the agency's regime, or the French refusal per field. */
  #checkDraft(fields: unknown, today: string): DraftContent {
    const schema = quoteDraftSchemaFor(this.#options.seller().taxRegime);
    const input: unknown =
      typeof fields === 'object' && fields !== null ? { ...fields, issueDate: today } : fields;
    const parsed = schema.safeParse(input);
    if (!parsed.success) {
      const errors = quoteFieldErrors(parsed.error.issues);
      throw new QuoteRefusal('invalid-input', 'invalid-input', errors);
    }
    // The schema turns the validity into its last day; the draft keeps the days as typed.
    const days = typeof fields === 'object' && fields !== null && 'validityDays' in fields;
    const validityDays =
      days && typeof fields.validityDays === 'number' ? fields.validityDays : DEFAULT_VALIDITY_DAYS;
    return { ...parsed.data, validityDays };
  }

  /** `fields` as the request carries them: checked here, refused per field in French. */
  createDraft(leadId: string, fields: unknown): Quote {
    const now = this.#now();
    const content = this.#checkDraft(fields, this.#today(now));
    const id = randomUUID();
    inTransaction(this.#options.db, () => {
      if (this.#repository.leadEmail(leadId) === null) {
        throw new QuoteRefusal('not-found', QUOTE_MESSAGES.leadNotFound);
      }
      this.#repository.insertDraft({
        ...content,
        id,
        contactId: leadId,
        number: null,
        version: 1,
        replacesId: null,
        at: now,
      });
    });
    return this.get(id);
  }

  updateDraft(id: string, fields: unknown): Quote {
    const now = this.#now();
    const editable = decideDraftChange(this.#stored(id).status, 'update');
    if (!editable.ok) throw refusal(editable);
    const content = this.#checkDraft(fields, this.#today(now));
    inTransaction(this.#options.db, () => {
      if (!this.#repository.updateDraft(id, content, now)) {
        throw new QuoteRefusal('refused', QUOTE_MESSAGES.locked);
      }
    });
    return this.get(id);
  }

  removeDraft(id: string): void {
    const removable = decideDraftChange(this.#stored(id).status, 'remove');
    if (!removable.ok) throw refusal(removable);
    if (!this.#repository.deleteDraft(id)) {
      throw new QuoteRefusal('refused', QUOTE_MESSAGES.notADraft);
    }
  }

  newVersion(id: string): Quote {
    this.expireOverdue();
    const now = this.#now();
    const newId = randomUUID();
    inTransaction(this.#options.db, () => {
      const stored = this.#stored(id);
      const decision = decideNewVersion(stored, this.#repository.newerVersion(id), now);
      if (!decision.ok) throw refusal(decision);
      const { leadId, number, version, replacesId, ...content } = decision.draft;
      this.#repository.insertDraft({
        language: content.language,
        client: content.client,
        lines: content.lines,
        paidInCash: content.paidInCash,
        validityDays: content.validityDays,
        issueDate: content.issueDate,
        validUntil: content.validUntil,
        id: newId,
        contactId: leadId,
        number,
        version,
        replacesId,
        at: now,
      });
    });
    return this.get(newId);
  }

  /** The link token of `generation` for quote `id` (derived: the same each time) and its hash. */
  #token(id: string, generation: number): { token: string; hash: string; generation: number } {
    return quoteLinkOf(this.#options.linkSecret, id, generation);
  }

  #recipient(leadId: string, email: string | undefined): string | null {
    return quoteRecipient(email, this.#repository.leadEmail(leadId));
  }

  async #mail(quote: Quote, link: string, to: string | null): Promise<SendResult['email']> {
    if (to === null) return { to: null, sent: false, error: QUOTE_MESSAGES.noRecipient };
    const mailer = this.#options.mailer;
    if (mailer === null) return { to, sent: false, error: NO_SMTP };
    try {
      await mailer.send(
        composeQuoteEmail(publicQuoteOf(quote), link, { to, owner: this.#options.ownerEmail() }),
      );
      return { to, sent: true };
    } catch (error) {
      return { to, sent: false, error: mailer.describe(error) };
    }
  }

  async send(id: string, options: { email?: string | undefined } = {}): Promise<SendResult> {
    this.expireOverdue();
    const now = this.#now();
    const { token, hash, generation } = this.#token(id, 1);
    let to: string | null = null;
    const publish = inTransaction(this.#options.db, () => {
      const stored = this.#stored(id);
      const previous = stored.replacesId === null ? null : this.#repository.get(stored.replacesId);
      const decision = decideSend(stored, {
        now,
        seller: this.#options.seller(),
        previous,
        counter:
          stored.version === 1
            ? this.#repository.counterFor(Number(quoteDay(now).slice(0, 4)))
            : null,
        recipient: this.#recipient(stored.leadId, options.email),
      });
      if (!decision.ok) throw refusal(decision);
      const sent = decision.quote;
      to = sent.sentTo;
      if (decision.counter !== null) {
        this.#repository.saveCounter(decision.counter.counter, decision.counter.lastIssueDate);
      }
      this.#repository.markSent(id, {
        number: sent.number,
        issueDate: sent.issueDate,
        validUntil: sent.validUntil,
        snapshot: { seller: sent.seller, stampDutyScale: sent.stampDutyScale },
        tokenHash: hash,
        linkGeneration: generation,
        sentTo: sent.sentTo,
        sentAt: sent.sentAt,
      });
      if (decision.replacePrevious && previous !== null) {
        this.#repository.setStatus(previous.id, 'remplace', now);
      }
      return this.#options.leads.followQuote(stored.leadId, 'sent', now);
    });
    publish();
    const quote = this.get(id);
    const link = quoteLink(this.#options.publicUrl, token);
    return { quote, link, email: await this.#mail(quote, link, to) };
  }

  async resendLink(
    id: string,
    options: { email?: string | undefined } = {},
  ): Promise<Omit<SendResult, 'quote'>> {
    this.expireOverdue();
    const now = this.#now();
    const { to, token } = inTransaction(this.#options.db, () => {
      const stored = this.#stored(id);
      const allowed = decideResendLink(stored.status, stored.linkGeneration);
      if (!allowed.ok) throw refusal(allowed);
      const next = this.#token(id, allowed.generation);
      const recipient = this.#recipient(stored.leadId, options.email);
      this.#repository.setToken(
        id,
        { tokenHash: next.hash, generation: next.generation },
        recipient,
        now,
      );
      return { to: recipient, token: next.token };
    });
    const quote = this.get(id);
    const link = quoteLink(this.#options.publicUrl, token);
    return { link, email: await this.#mail(quote, link, to) };
  }

  /**
   * The client's link of a sent quote, the same each time (issue 44); with `via`, the lead's
   * timeline says the owner sent it on WhatsApp or copied it.
   */
  link(id: string, via?: QuoteShareVia): { link: string } {
    this.expireOverdue();
    const now = this.#now();
    const { generation, publish } = inTransaction(this.#options.db, () => {
      const stored = this.#stored(id);
      const decision = decideShowLink(stored, via);
      if (!decision.ok) throw refusal(decision);
      const event = decision.event;
      return {
        generation: decision.generation,
        publish:
          event === null
            ? () => undefined
            : this.#options.leads.logQuoteLink(stored.leadId, event, now),
      };
    });
    publish();
    return { link: quoteLink(this.#options.publicUrl, this.#token(id, generation).token) };
  }

  /** The quote of a link's token (null: none), after the overdue ones were marked « Expiré ». */
  #byToken(token: string): StoredQuote | null {
    if (typeof token !== 'string' || !QUOTE_TOKEN_PATTERN.test(token)) return null;
    return this.#repository.byTokenHash(hashQuoteToken(token)) ?? null;
  }

  readByToken(token: string): PublicQuote {
    this.expireOverdue();
    const stored = this.#byToken(token);
    const now = this.#now();
    const decision = decideReadByLink(stored, now);
    if (!decision.ok) throw refusal(decision);
    if (stored === null) throw notFound();
    // « Vu le … »: the first opening, with its line on the lead's timeline (issue 44).
    const first = decideFirstView(stored, now);
    if (first !== null) {
      const publish = inTransaction(this.#options.db, () =>
        this.#repository.markViewed(stored.id, first.viewedAt)
          ? this.#options.leads.logQuoteLink(stored.leadId, first.event, now)
          : () => undefined,
      );
      publish();
    }
    return publicQuoteOf(this.#complete(stored));
  }

  /** `input` as the client's page sends it (decision and comment), checked here. */
  answer(token: string, input: unknown): PublicQuote {
    const answer = parseQuoteAnswer(input);
    if (!answer.ok) throw refusal(answer);
    this.expireOverdue();
    const now = this.#now();
    const today = this.#today(now);
    const { id, publish } = inTransaction(this.#options.db, () => {
      const stored = this.#byToken(token);
      const decision = decideAnswer(stored, answer, now);
      if (!decision.ok) throw refusal(decision);
      if (stored === null) throw notFound();
      const { status, answer: given } = decision.quote;
      if (!this.#repository.answer(stored.id, status, given.comment, given.at)) {
        throw new QuoteRefusal('refused', QUOTE_MESSAGES.alreadyAnswered);
      }
      this.#options.notifier.queue(stored.leadId, {
        quoteId: stored.id,
        number: stored.number ?? '',
        decision: status,
        comment: given.comment,
        netToPay: quoteTotals(this.#complete(stored, today)).netToPay.toString(),
      });
      return {
        id: stored.id,
        publish: this.#options.leads.followQuote(stored.leadId, decision.leadEvent, now),
      };
    });
    publish();
    this.#options.notifier.wake();
    return publicQuoteOf(this.get(id));
  }
}
