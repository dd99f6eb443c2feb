import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';
import type { SellerLegalDetails } from '../../shared/domain/quotes/seller.ts';
import { vatRatesAllowed } from '../../shared/domain/quotes/seller.ts';
import { nextQuoteNumber, nextVersionNumber } from '../../shared/domain/quotes/numbering.ts';
import { quoteDraftSchemaFor } from '../../shared/domain/quotes/quote.ts';
import {
  QUOTE_MESSAGES,
  QUOTE_TOKEN_PATTERN,
  publicQuoteOf,
  quoteAnswerBodySchema,
  quoteFieldErrors,
  quoteLink,
  quoteTotals,
  type PublicQuote,
  type Quote,
  type QuoteAnswerInput,
  type QuoteDraftFields,
} from '../../shared/domain/quotes/record.ts';
import { stampDutyScaleFor } from '../../shared/domain/quotes/stamp-duty.ts';
import { transitionQuote } from '../../shared/domain/quotes/status.ts';
import {
  DEFAULT_VALIDITY_DAYS,
  todayInAlgiers,
  validUntil,
} from '../../shared/domain/quotes/validity.ts';
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
const linkDead = () => new QuoteRefusal('not-found', QUOTE_MESSAGES.linkDead);

/** SHA-256 of a link's token: what is stored, never the token. */
export function hashQuoteToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

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
    return todayInAlgiers(new Date(now));
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
    const today = this.#today(now);
    const overdue = this.#repository.overdue(today);
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
  #checkDraft(fields: QuoteDraftFields, today: string): DraftContent {
    const schema = quoteDraftSchemaFor(this.#options.seller().taxRegime);
    const input: unknown =
      typeof fields === 'object' && fields !== null ? { ...fields, issueDate: today } : fields;
    const parsed = schema.safeParse(input);
    if (!parsed.success) {
      const errors = quoteFieldErrors(parsed.error.issues);
      throw new QuoteRefusal('invalid-input', 'invalid-input', errors);
    }
    const validityDays =
      typeof fields.validityDays === 'number' ? fields.validityDays : DEFAULT_VALIDITY_DAYS;
    return { ...parsed.data, validityDays };
  }

  createDraft(leadId: string, fields: QuoteDraftFields): Quote {
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

  updateDraft(id: string, fields: QuoteDraftFields): Quote {
    const now = this.#now();
    const stored = this.#stored(id);
    if (stored.status !== 'brouillon') throw new QuoteRefusal('refused', QUOTE_MESSAGES.locked);
    const content = this.#checkDraft(fields, this.#today(now));
    inTransaction(this.#options.db, () => {
      if (!this.#repository.updateDraft(id, content, now)) {
        throw new QuoteRefusal('refused', QUOTE_MESSAGES.locked);
      }
    });
    return this.get(id);
  }

  removeDraft(id: string): void {
    const stored = this.#stored(id);
    if (stored.status !== 'brouillon' || !this.#repository.deleteDraft(id)) {
      throw new QuoteRefusal('refused', QUOTE_MESSAGES.notADraft);
    }
  }

  newVersion(id: string): Quote {
    this.expireOverdue();
    const now = this.#now();
    const today = this.#today(now);
    const newId = randomUUID();
    inTransaction(this.#options.db, () => {
      const stored = this.#stored(id);
      if (stored.status === 'brouillon') {
        throw new QuoteRefusal('refused', QUOTE_MESSAGES.versionOfDraft);
      }
      if (stored.status === 'accepte') {
        throw new QuoteRefusal('refused', QUOTE_MESSAGES.versionOfAccepted);
      }
      const newer = this.#repository.newerVersion(id);
      if (newer !== null) {
        throw new QuoteRefusal(
          'refused',
          newer.status === 'brouillon'
            ? QUOTE_MESSAGES.versionPending
            : QUOTE_MESSAGES.versionOfReplaced,
        );
      }
      if (stored.status === 'remplace' || stored.number === null) {
        throw new QuoteRefusal('refused', QUOTE_MESSAGES.versionOfReplaced);
      }
      this.#repository.insertDraft({
        id: newId,
        contactId: stored.leadId,
        number: nextVersionNumber(stored.number),
        version: stored.version + 1,
        replacesId: stored.id,
        language: stored.language,
        client: stored.client,
        lines: stored.lines,
        paidInCash: stored.paidInCash,
        validityDays: stored.validityDays,
        issueDate: today,
        validUntil: validUntil(today, stored.validityDays),
        at: now,
      });
    });
    return this.get(newId);
  }

  /** The next number of `today`'s year, its counter saved (inside the caller's transaction). */
  #nextNumber(today: string): string {
    const year = Number(today.slice(0, 4));
    const counter = this.#repository.counterFor(year);
    if (counter !== null && counter.year === year && today < counter.lastIssueDate) {
      throw new QuoteRefusal(
        'refused',
        `Un devis daté du ${today} ne peut pas suivre un devis daté du ${counter.lastIssueDate} : la numérotation suit l’ordre des dates.`,
      );
    }
    let next: ReturnType<typeof nextQuoteNumber>;
    try {
      next = nextQuoteNumber(counter, year);
    } catch (error) {
      throw new QuoteRefusal('refused', error instanceof Error ? error.message : String(error));
    }
    this.#repository.saveCounter(next.counter, today);
    return next.number;
  }

  /** A new link token; the stored hash replaces any earlier one. */
  #newToken(): { token: string; hash: string } {
    const token = randomBytes(32).toString('base64url');
    return { token, hash: hashQuoteToken(token) };
  }

  #recipient(leadId: string, email: string | undefined): string | null {
    if (email !== undefined) return email;
    const own = this.#repository.leadEmail(leadId);
    return own === null || own === '' ? null : own;
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
    const today = this.#today(now);
    const { token, hash } = this.#newToken();
    let to: string | null = null;
    const publish = inTransaction(this.#options.db, () => {
      const stored = this.#stored(id);
      const until = validUntil(today, stored.validityDays);
      const transition = transitionQuote(stored.status, 'envoyer', { today, validUntil: until });
      if (!transition.ok) throw new QuoteRefusal('refused', transition.error);
      const seller = this.#options.seller();
      // The regime frozen now must allow every line's rate (it may have changed since the draft).
      const allowed = vatRatesAllowed(seller.taxRegime);
      const fields: Record<string, string> = {};
      stored.lines.forEach((line, index) => {
        if (!allowed.includes(line.vatRate)) {
          fields[`lines.${index}.vatRate`] =
            'Au régime de l’IFU, le devis ne porte pas de TVA : choisissez 0 %.';
        }
      });
      if (Object.keys(fields).length > 0) {
        throw new QuoteRefusal('invalid-input', 'invalid-input', fields);
      }
      const previous = stored.replacesId === null ? null : this.#repository.get(stored.replacesId);
      if (previous?.status === 'accepte') {
        throw new QuoteRefusal('refused', QUOTE_MESSAGES.previousAccepted);
      }
      to = this.#recipient(stored.leadId, options.email);
      const number = stored.version === 1 ? this.#nextNumber(today) : stored.number;
      if (number === null) throw new Error('Version sans numéro.');
      this.#repository.markSent(id, {
        number,
        issueDate: today,
        validUntil: until,
        snapshot: { seller, stampDutyScale: stampDutyScaleFor(today) },
        tokenHash: hash,
        sentTo: to,
        sentAt: now,
      });
      if (previous?.status === 'envoye') {
        this.#repository.setStatus(previous.id, 'remplace', now);
      }
      return this.#options.leads.followQuote(stored.leadId, 'devis-envoye', now);
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
    const { token, hash } = this.#newToken();
    const to = inTransaction(this.#options.db, () => {
      const stored = this.#stored(id);
      if (stored.status !== 'envoye') {
        throw new QuoteRefusal(
          'refused',
          stored.status === 'brouillon'
            ? 'Ce devis est un brouillon : envoyez-le d’abord.'
            : QUOTE_MESSAGES.linkDead,
        );
      }
      const recipient = this.#recipient(stored.leadId, options.email);
      this.#repository.setToken(id, hash, recipient, now);
      return recipient;
    });
    const quote = this.get(id);
    const link = quoteLink(this.#options.publicUrl, token);
    return { link, email: await this.#mail(quote, link, to) };
  }

  #byToken(token: string): StoredQuote {
    if (typeof token !== 'string' || !QUOTE_TOKEN_PATTERN.test(token)) throw linkDead();
    const stored = this.#repository.byTokenHash(hashQuoteToken(token));
    // Expired or replaced quotes lost their token; the check holds all the same.
    if (!stored || stored.status === 'expire' || stored.status === 'remplace') throw linkDead();
    return stored;
  }

  readByToken(token: string): PublicQuote {
    this.expireOverdue();
    return publicQuoteOf(this.#complete(this.#byToken(token)));
  }

  answer(token: string, input: QuoteAnswerInput): PublicQuote {
    const parsed = quoteAnswerBodySchema.safeParse(input);
    if (!parsed.success) {
      throw new QuoteRefusal(
        'invalid-input',
        'invalid-input',
        quoteFieldErrors(parsed.error.issues),
      );
    }
    this.expireOverdue();
    const now = this.#now();
    const today = this.#today(now);
    const { decision } = parsed.data;
    const comment = parsed.data.comment ? parsed.data.comment : null;
    const { id, publish } = inTransaction(this.#options.db, () => {
      const stored = this.#byToken(token);
      if (stored.status === 'accepte' || stored.status === 'refuse') {
        throw new QuoteRefusal('refused', QUOTE_MESSAGES.alreadyAnswered);
      }
      const transition = transitionQuote(
        stored.status,
        decision === 'accepte' ? 'accepter' : 'refuser',
        { today, validUntil: stored.validUntil },
      );
      if (!transition.ok) throw new QuoteRefusal('refused', transition.error);
      if (!this.#repository.answer(stored.id, decision, comment, now)) {
        throw new QuoteRefusal('refused', QUOTE_MESSAGES.alreadyAnswered);
      }
      this.#options.notifier.queue(stored.leadId, {
        quoteId: stored.id,
        number: stored.number ?? '',
        decision,
        comment,
        netToPay: quoteTotals(this.#complete(stored, today)).netToPay.toString(),
      });
      return {
        id: stored.id,
        publish:
          decision === 'accepte'
            ? this.#options.leads.followQuote(stored.leadId, 'gagne', now)
            : () => undefined,
      };
    });
    publish();
    this.#options.notifier.wake();
    return publicQuoteOf(this.get(id));
  }
}
