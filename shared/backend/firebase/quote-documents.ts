import type { SellerLegalDetails } from '../../domain/quotes/seller.ts';
import {
  QUOTE_MESSAGES,
  quoteFromJson,
  quoteJsonSchema,
  type Quote,
  type QuoteJson,
} from '../../domain/quotes/record.ts';
import { scaleToJson } from '../../domain/quotes/record.ts';
import { stampDutyScaleFor } from '../../domain/quotes/stamp-duty.ts';
import { validUntil } from '../../domain/quotes/validity.ts';
import type { UnopenedCandidate } from '../../domain/quotes/unopened.ts';

/**
 * Quotes in Firestore (docs/quotes.md, « Le mode Firebase »), written once for the web adapter
 * (firestore-quotes.ts) and the Cloud Function (functions/src/quote-link.ts): no SDK here,
 * only the documents' shape. `quotes/{id}` holds a quote's JSON form (record.ts: amounts as
 * strings of integers), with `seller` and `stampDutyScale` null while a draft (the current
 * ones are shown), and `tokenHash`, the SHA-256 of its link's token (never the token);
 * `quoteCounters/series` the last number given: `{ year, sequence, lastIssueDate }`.
 */
export const QUOTES_COLLECTION = 'quotes';
export const QUOTE_COUNTERS_COLLECTION = 'quoteCounters';
export const QUOTE_SERIES_DOCUMENT = 'series';

/** The Cloud Function behind the client's page: `{ action: 'read' | 'answer', token, … }`. */
export const QUOTE_LINK_FUNCTION = 'quoteLink';
/**
 * The Cloud Function that sends a quote (the owner's, admin only): its number and date are the
 * server's, and so is its link's token, `{ quoteId, email? }` → `{ to, token }`
 * (functions/src/send-quote.ts).
 */
export const QUOTE_SEND_FUNCTION = 'sendQuote';
/**
 * The Cloud Function that gives a sent quote's link again, or a new one (the owner's, admin
 * only): `{ quoteId, action: 'show' | 'whatsapp' | 'lien' | 'renew', email? }` → `{ token, to? }`
 * (functions/src/quote-owner-link.ts).
 */
export const QUOTE_OWNER_LINK_FUNCTION = 'quoteOwnerLink';
/** The Cloud Function that e-mails a sent quote's link (the owner's, admin only). */
export const QUOTE_EMAIL_FUNCTION = 'sendQuoteEmail';

/** A quote's document, as stored. */
export type QuoteDocument = Omit<QuoteJson, 'id' | 'seller' | 'stampDutyScale' | 'viewedAt'> & {
  seller: QuoteJson['seller'] | null;
  stampDutyScale: QuoteJson['stampDutyScale'] | null;
  tokenHash: string | null;
  /** The client's first opening (« Vu le … »), written by quoteLink only; absent until then. */
  viewedAt?: number | null;
};

/** What a draft holds of sending (nothing yet): a first version and a new one start alike. */
export const UNSENT_QUOTE_FIELDS = {
  seller: null,
  stampDutyScale: null,
  tokenHash: null,
  sentTo: null,
  sentAt: null,
  answer: null,
} as const satisfies Partial<QuoteDocument>;

/** The quote of a document, a draft shown as of `today` with the agency's current details. */
export function quoteOfDocument(
  id: string,
  data: Record<string, unknown>,
  current: { today: string; seller: SellerLegalDetails },
): Quote | null {
  const draft = data.status === 'brouillon';
  const parsed = quoteJsonSchema.safeParse({
    ...data,
    id,
    ...(draft
      ? {
          issueDate: current.today,
          validUntil: validUntil(current.today, Number(data.validityDays) || 30),
          seller: current.seller,
          stampDutyScale: scaleToJson(stampDutyScaleFor(current.today)),
        }
      : {}),
  });
  return parsed.success ? quoteFromJson(parsed.data) : null;
}

const candidateSchema = quoteJsonSchema.pick({
  leadId: true,
  number: true,
  status: true,
  client: true,
  sentAt: true,
  validUntil: true,
  viewedAt: true,
});

/**
 * What the digest's rule (`unopenedQuotes`, shared/domain/quotes/unopened.ts) reads of a
 * quote's document; null for a document it cannot read.
 */
export function unopenedCandidateOfDocument(
  id: string,
  data: Record<string, unknown>,
): UnopenedCandidate | null {
  const parsed = candidateSchema.safeParse(data);
  return parsed.success ? { id, ...parsed.data } : null;
}

/** SHA-256 of a link's token, in hex (Web Crypto: the browser, Node and the function alike). */
export async function hashQuoteTokenHex(token: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** A new link token: 32 random bytes in base64url (43 characters). */
export function newQuoteToken(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(32));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/gu, '-').replace(/\//gu, '_').replace(/=+$/u, '');
}

/** What the function answers when a refusal has a field (`details.fields`). */
export interface QuoteFunctionError {
  code: 'not-found' | 'refused' | 'invalid-input' | 'unauthorized';
  message: string;
  fields?: Record<string, string>;
}

export { QUOTE_MESSAGES };
