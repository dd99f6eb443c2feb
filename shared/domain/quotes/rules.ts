import type { QuoteCounter } from './numbering.ts';
import { quoteSendingRefusal } from '../settings/mentions.ts';
import { nextQuoteNumber, nextVersionNumber } from './numbering.ts';
import type { QuoteClient, QuoteLanguage, QuoteLine } from './quote.ts';
import {
  QUOTE_MESSAGES,
  quoteAnswerBodySchema,
  quoteFieldErrors,
  type QuoteAnswer,
  type QuoteDecision,
} from './record.ts';
import { vatRatesAllowed, type SellerLegalDetails } from './seller.ts';
import { stampDutyScaleFor, type StampDutyScale } from './stamp-duty.ts';
import { transitionQuote, type QuoteStatus } from './status.ts';
import { todayInAlgiers, validUntil } from './validity.ts';

/**
 * The decisions about quotes, once for every backend (docs/architecture.md, « Une règle, un
 * endroit »): each takes the records it needs and the time, and answers what to write (the
 * patch) or why not (a French sentence). The embedded server (src-server/quotes/quote-book.ts),
 * the Firestore adapter (shared/backend/firebase/firestore-quotes.ts) and the Cloud Functions
 * (functions/src/send-quote.ts, quote-link.ts) read their records, call these, and write the
 * patch in their own transaction; none decides anything of its own.
 */

/** Why a quote operation was refused: the French sentence (and, per field, those to show). */
export interface QuoteRefused {
  ok: false;
  /** `not-found`: there is nothing there (404); `refused`: not now (409); `invalid-input`: fix a field (400). */
  kind: 'not-found' | 'refused' | 'invalid-input';
  message: string;
  fields?: Record<string, string>;
}

export type QuoteRule<T> = ({ ok: true } & T) | QuoteRefused;

const refused = (message: string): QuoteRefused => ({ ok: false, kind: 'refused', message });
const dead = (): QuoteRefused => ({
  ok: false,
  kind: 'not-found',
  message: QUOTE_MESSAGES.linkDead,
});

/** Today's calendar day at `now` (ms), Algiers: the day a quote is dated and expires by. */
export const quoteDay = (now: number): string => todayInAlgiers(new Date(now));

// ---- a draft ----------------------------------------------------------------------------------

/** Whether a quote may be changed in place (`update`) or deleted (`remove`): a draft only. */
export function decideDraftChange(
  status: QuoteStatus,
  action: 'update' | 'remove',
): QuoteRule<object> {
  if (status === 'brouillon') return { ok: true };
  return refused(action === 'update' ? QUOTE_MESSAGES.locked : QUOTE_MESSAGES.notADraft);
}

// ---- a new version ----------------------------------------------------------------------------

/** What a new version starts from: the version it replaces. */
export interface VersionSource {
  id: string;
  leadId: string;
  number: string | null;
  version: number;
  status: QuoteStatus;
  language: QuoteLanguage;
  client: QuoteClient;
  lines: readonly QuoteLine[];
  paidInCash: boolean;
  validityDays: number;
}

/** The draft of a new version, as both backends store it. */
export interface NewVersionDraft {
  leadId: string;
  number: string;
  version: number;
  replacesId: string;
  status: 'brouillon';
  language: QuoteLanguage;
  client: QuoteClient;
  lines: readonly QuoteLine[];
  paidInCash: boolean;
  validityDays: number;
  issueDate: string;
  validUntil: string;
}

/**
 * « Nouvelle version » of `current` at `now`, `newer` being the version that already follows it
 * (null: none): refused for a draft (change it instead), an accepted quote (it no longer
 * changes), a quote that already has a newer version (a draft of it: change that one) or that was
 * replaced; otherwise the new draft, numbered `…-V<n+1>`, dated `now`'s day, with the same content.
 */
export function decideNewVersion(
  current: VersionSource,
  newer: { status: QuoteStatus } | null,
  now: number,
): QuoteRule<{ draft: NewVersionDraft }> {
  if (current.status === 'brouillon') return refused(QUOTE_MESSAGES.versionOfDraft);
  if (current.status === 'accepte') return refused(QUOTE_MESSAGES.versionOfAccepted);
  if (newer !== null) {
    return refused(
      newer.status === 'brouillon'
        ? QUOTE_MESSAGES.versionPending
        : QUOTE_MESSAGES.versionOfReplaced,
    );
  }
  if (current.status === 'remplace' || current.number === null) {
    return refused(QUOTE_MESSAGES.versionOfReplaced);
  }
  const day = quoteDay(now);
  return {
    ok: true,
    draft: {
      leadId: current.leadId,
      number: nextVersionNumber(current.number),
      version: current.version + 1,
      replacesId: current.id,
      status: 'brouillon',
      language: current.language,
      client: current.client,
      lines: current.lines,
      paidInCash: current.paidInCash,
      validityDays: current.validityDays,
      issueDate: day,
      validUntil: validUntil(day, current.validityDays),
    },
  };
}

// ---- sending ----------------------------------------------------------------------------------

/** The address the link goes to: the one asked for, else the lead's own, else none (null). */
export function quoteRecipient(asked: string | undefined, leadEmail: unknown): string | null {
  if (asked !== undefined) return asked;
  return typeof leadEmail === 'string' && leadEmail !== '' ? leadEmail : null;
}

/** The series' counter as the store keeps it: the last number given and its date of issue. */
export type StoredQuoteCounter = QuoteCounter & { lastIssueDate: string };

export interface SendContext {
  now: number;
  /** The agency's legal details and tax regime now: frozen into the quote. */
  seller: SellerLegalDetails;
  /** The version this one replaces (null for a first version, or when it is gone). */
  previous: {
    id: string;
    leadId: string;
    version: number;
    status: QuoteStatus;
    number: string | null;
  } | null;
  /**
   * The counter of the series (a first version takes its next number): that of `now`'s year,
   * else the last one kept; null when no quote was ever numbered. Unused for a later version.
   */
  counter: StoredQuoteCounter | null;
  /** The address the link goes to (`quoteRecipient`). */
  recipient: string | null;
}

/** What sending writes on the quote. */
export interface SentPatch {
  status: 'envoye';
  number: string;
  issueDate: string;
  validUntil: string;
  seller: SellerLegalDetails;
  stampDutyScale: StampDutyScale;
  sentTo: string | null;
  sentAt: number;
}

export interface SendDecision {
  quote: SentPatch;
  /** The counter to keep (a first version), or null (a version keeps its number). */
  counter: { counter: QuoteCounter; lastIssueDate: string } | null;
  /** The version replaced becomes « Remplacé » (its link stops working), when it was « Envoyé ». */
  replacePrevious: boolean;
}

/** The states a sent quote may be replaced from by a new version being sent. */
const REPLACEABLE: readonly QuoteStatus[] = ['envoye', 'refuse', 'expire'];

/**
 * « Envoyer au client » at `context.now`: the quote is dated that day (Algiers), valid
 * `validityDays` from it, numbered (a first version: the next of its year's series, which
 * follows the order of the dates; a version: its own number, that of the version it replaces
 * with the next suffix), frozen with the agency's details and the droit de timbre scale of the
 * day. Refused when it is not a draft, when its regime forbids a line's VAT rate, when the
 * client accepted the version it replaces, or when its date would come before the last one
 * numbered.
 */
export function decideSend(
  quote: {
    status: QuoteStatus;
    leadId: string;
    version: number;
    replacesId: string | null;
    number: string | null;
    validityDays: number;
    lines: readonly Pick<QuoteLine, 'vatRate'>[];
  },
  context: SendContext,
): QuoteRule<SendDecision> {
  const day = quoteDay(context.now);
  const until = validUntil(day, quote.validityDays);
  const transition = transitionQuote(quote.status, 'envoyer', { today: day, validUntil: until });
  if (!transition.ok) return refused(transition.error);
  // A required legal mention missing or still an example: the quote cannot leave (issue 49).
  const missing = quoteSendingRefusal(context.seller);
  if (missing !== null) return refused(missing);
  const allowed = vatRatesAllowed(context.seller.taxRegime);
  const fields: Record<string, string> = {};
  quote.lines.forEach((line, index) => {
    if (!allowed.includes(line.vatRate))
      fields[`lines.${index}.vatRate`] = QUOTE_MESSAGES.vatNotAllowed;
  });
  if (Object.keys(fields).length > 0) {
    return { ok: false, kind: 'invalid-input', message: QUOTE_MESSAGES.checkLines, fields };
  }
  if (context.previous?.status === 'accepte') return refused(QUOTE_MESSAGES.previousAccepted);

  let number: string;
  let counter: SendDecision['counter'] = null;
  if (quote.version === 1) {
    // A first version replaces nothing and has no number yet (issue 47: a browser that forged
    // them on Firebase sent two quotes as DEV-2026-0001-V2).
    if (quote.replacesId !== null || quote.number !== null) {
      return refused(QUOTE_MESSAGES.versionAstray);
    }
    const year = Number(day.slice(0, 4));
    const last = context.counter;
    if (last !== null && last.year === year && day < last.lastIssueDate) {
      return refused(QUOTE_MESSAGES.dateBeforeLast(day, last.lastIssueDate));
    }
    try {
      const next = nextQuoteNumber(last, year);
      number = next.number;
      counter = { counter: next.counter, lastIssueDate: day };
    } catch (error) {
      return refused(error instanceof Error ? error.message : String(error));
    }
  } else {
    // A version follows the very quote it replaces, still live: the same lead, the version
    // after it, its number with the next suffix, and not already replaced by another version
    // (issue 47: two drafts forged on Firebase were both sent as DEV-2026-0001-V2, both live).
    const before = context.previous;
    if (
      before === null ||
      quote.replacesId !== before.id ||
      before.leadId !== quote.leadId ||
      before.version !== quote.version - 1 ||
      before.number === null ||
      quote.number !== nextVersionNumber(before.number) ||
      !REPLACEABLE.includes(before.status)
    ) {
      return refused(QUOTE_MESSAGES.versionAstray);
    }
    number = quote.number;
  }
  return {
    ok: true,
    quote: {
      status: 'envoye',
      number,
      issueDate: day,
      validUntil: until,
      seller: context.seller,
      stampDutyScale: stampDutyScaleFor(day),
      sentTo: context.recipient,
      sentAt: context.now,
    },
    counter,
    replacePrevious: context.previous?.status === 'envoye',
  };
}

/**
 * « Nouveau lien »: a new link for a sent quote only, the next generation of its token (the old
 * one stops working: its hash is replaced). A quote sent before links were derived (no
 * generation) starts at 1.
 */
export function decideResendLink(
  status: QuoteStatus,
  linkGeneration: number | null = null,
): QuoteRule<{ generation: number }> {
  if (status === 'envoye') return { ok: true, generation: (linkGeneration ?? 0) + 1 };
  return refused(status === 'brouillon' ? QUOTE_MESSAGES.sendFirst : QUOTE_MESSAGES.linkDead);
}

/** Where the owner says the link went (issue 44), logged on the lead's timeline. */
export type QuoteShareVia = 'whatsapp' | 'lien';

/**
 * The client's link shown again (« Envoyer sur WhatsApp », « Copier le lien »): the same link
 * each time, that of the quote's current generation (issue 44: it keeps working as long as the
 * quote is open). A quote answered keeps its link (the client sees the answer), but there is
 * nothing more to send: `via` is refused then. Refused for a draft (no link yet), an expired or
 * replaced quote (its link is dead), and a quote sent before links were derived (make a new
 * one). With `via`, the lead's timeline gets its entry (`event`).
 */
export function decideShowLink(
  quote: { status: QuoteStatus; number: string | null; linkGeneration: number | null },
  via?: QuoteShareVia,
): QuoteRule<{ generation: number; event: { number: string; action: QuoteShareVia } | null }> {
  if (quote.status === 'brouillon') return refused(QUOTE_MESSAGES.sendFirst);
  if (quote.status === 'expire' || quote.status === 'remplace') {
    return refused(QUOTE_MESSAGES.noLinkNow);
  }
  if (via !== undefined && quote.status !== 'envoye') return refused(QUOTE_MESSAGES.shareWhenOpen);
  if (quote.linkGeneration === null) return refused(QUOTE_MESSAGES.linkBeforeStable);
  return {
    ok: true,
    generation: quote.linkGeneration,
    event: via === undefined ? null : { number: quote.number ?? '', action: via },
  };
}

// ---- the client's link --------------------------------------------------------------------------

/** Whether a sent quote is past its last valid day at `now` (it is then marked « Expiré »). */
export function isQuoteOverdue(
  quote: { status: QuoteStatus; validUntil: string },
  now: number,
): boolean {
  return quote.status === 'envoye' && quote.validUntil < quoteDay(now);
}

/**
 * The sent quotes still valid on `now`'s day have a `validUntil` at least this day: those
 * before it are overdue (for a store's query: `status = 'envoye' AND validUntil < this`).
 */
export const overdueBefore = (now: number): string => quoteDay(now);

/**
 * What the link of a quote shows at `now`: `open`, a sent quote awaiting its answer;
 * `answered`, the answer given (shown, never changed); `dead`, no quote (none found, expired,
 * replaced, or a draft, which has no link); `overdue`, a sent quote past its last valid day,
 * which the store marks « Expiré » (`expire`) and shows as dead.
 */
export type QuoteLinkState = 'open' | 'answered' | 'overdue' | 'dead';

export function quoteLinkState(
  quote: { status: QuoteStatus; validUntil: string } | null,
  now: number,
): QuoteLinkState {
  if (quote === null) return 'dead';
  switch (quote.status) {
    case 'envoye':
      return isQuoteOverdue(quote, now) ? 'overdue' : 'open';
    case 'accepte':
    case 'refuse':
      return 'answered';
    case 'brouillon':
    case 'expire':
    case 'remplace':
      return 'dead';
  }
}

/**
 * Opening the link at `now`: the quote (open or answered), or the dead link's refusal, with
 * `expire` true when the store must mark the quote « Expiré » first.
 */
export function decideReadByLink(
  quote: { status: QuoteStatus; validUntil: string } | null,
  now: number,
): QuoteRule<object> | (QuoteRefused & { expire: boolean }) {
  const state = quoteLinkState(quote, now);
  if (state === 'open' || state === 'answered') return { ok: true };
  return { ...dead(), expire: state === 'overdue' };
}

/**
 * The client opens the link at `now` (« Vu le … », issue 44): the first opening of a quote still
 * awaiting its answer is recorded, with its entry on the lead's timeline; any later one, or one
 * of an answered quote, records nothing (null).
 */
export function decideFirstView(
  quote: { status: QuoteStatus; number: string | null; viewedAt?: number | null | undefined },
  now: number,
): { viewedAt: number; event: { number: string; action: 'vu' } } | null {
  if (quote.status !== 'envoye' || (quote.viewedAt ?? null) !== null) return null;
  return { viewedAt: now, event: { number: quote.number ?? '', action: 'vu' } };
}

/** The client's answer as the page sends it, checked: the decision and the comment (or null). */
export function parseQuoteAnswer(
  input: unknown,
): QuoteRule<{ decision: QuoteDecision; comment: string | null }> {
  const parsed = quoteAnswerBodySchema.safeParse(input);
  if (!parsed.success) {
    return {
      ok: false,
      kind: 'invalid-input',
      message: QUOTE_MESSAGES.checkAnswer,
      fields: quoteFieldErrors(parsed.error.issues),
    };
  }
  return { ok: true, decision: parsed.data.decision, comment: parsed.data.comment || null };
}

export interface AnswerDecision {
  /** What the quote becomes. */
  quote: { status: QuoteDecision; answer: QuoteAnswer };
  /** Where its lead goes (`leadAfterQuote`, shared/domain/leads/rules.ts). */
  leadEvent: 'accepted' | 'refused';
}

/**
 * The client's answer through the link at `now`: the quote « Accepté » or « Refusé » with the
 * answer and its time. Refused when the link is dead (expired — `expire` says to mark it —,
 * replaced, none), when the quote was already answered (an answer never changes), or when its
 * last valid day has passed.
 */
export function decideAnswer(
  quote: { status: QuoteStatus; validUntil: string } | null,
  answer: { decision: QuoteDecision; comment: string | null },
  now: number,
): QuoteRule<AnswerDecision> | (QuoteRefused & { expire: boolean }) {
  const state = quoteLinkState(quote, now);
  if (quote === null || state === 'dead' || state === 'overdue') {
    return { ...dead(), expire: state === 'overdue' };
  }
  if (state === 'answered') return refused(QUOTE_MESSAGES.alreadyAnswered);
  const transition = transitionQuote(
    quote.status,
    answer.decision === 'accepte' ? 'accepter' : 'refuser',
    { today: quoteDay(now), validUntil: quote.validUntil },
  );
  if (!transition.ok) return refused(transition.error);
  return {
    ok: true,
    quote: {
      status: answer.decision,
      answer: { decision: answer.decision, comment: answer.comment, at: now },
    },
    leadEvent: answer.decision === 'accepte' ? 'accepted' : 'refused',
  };
}
