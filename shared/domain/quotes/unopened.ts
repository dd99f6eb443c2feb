import { z } from 'zod';
import { AGENCY_TIME_ZONE, localDay } from '../leads/business-hours.ts';
import { quoteClientName } from './quote.ts';
import type { Quote } from './record.ts';
import { validUntil } from './validity.ts';

/**
 * « Devis pas encore ouverts » (issue 44, docs/quotes.md, « Vu le … »): a quote sent this many
 * days ago or more, still « Envoyé », that the client never opened, is among the day's
 * follow-ups (the digest and « Aujourd’hui »), so that the owner knows whether to call.
 */
export const UNOPENED_QUOTE_DAYS = 3;

/** What the rule reads of a quote: both backends hand these fields, and nothing more is needed. */
export type UnopenedCandidate = Pick<
  Quote,
  'id' | 'leadId' | 'number' | 'status' | 'client' | 'sentAt' | 'validUntil' | 'viewedAt'
>;

/**
 * A quote as the digest names it: its number, its client, when it was sent, and its lead (the
 * entry opens the lead, where the quote is). A schema, because the embedded server keeps the
 * digest in its outbox until it is sent.
 */
export const unopenedQuoteSchema = z.object({
  id: z.string(),
  leadId: z.string(),
  number: z.string(),
  client: z.string(),
  sentAt: z.number(),
});
export type UnopenedQuote = z.infer<typeof unopenedQuoteSchema>;

/**
 * The sent quotes never opened `days` days or more after they went out, oldest first. Days are
 * calendar days of Algiers, as a quote's dates are (validity.ts: issued on the 26th, valid 30
 * days → the 26th of next month), not periods of 24 hours: a quote sent on the 26th, at any
 * hour, is listed from the 29th at 00:00, so that the morning digest and « Aujourd’hui » list
 * the same quotes all day. Left out: a draft, an answered, expired or replaced quote, one the
 * client opened (`viewedAt`), and one past its last valid day (not yet marked « Expiré »).
 */
export function unopenedQuotes(
  quotes: readonly UnopenedCandidate[],
  nowMs: number,
  { days = UNOPENED_QUOTE_DAYS, timeZone = AGENCY_TIME_ZONE } = {},
): UnopenedQuote[] {
  const today = localDay(nowMs, timeZone);
  return quotes
    .flatMap((quote) => {
      const { sentAt, number } = quote;
      if (quote.status !== 'envoye' || sentAt === null || number === null) return [];
      if ((quote.viewedAt ?? null) !== null || quote.validUntil < today) return [];
      if (validUntil(localDay(sentAt, timeZone), days) > today) return [];
      return [
        {
          id: quote.id,
          leadId: quote.leadId,
          number,
          client: quoteClientName(quote.client),
          sentAt,
        },
      ];
    })
    .sort((a, b) => a.sentAt - b.sentAt);
}
