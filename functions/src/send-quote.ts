import { workingHoursOf } from '../../shared/domain/settings/effective.ts';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { HttpsError, onCall } from 'firebase-functions/v2/https';
import { ownerOf } from './owner-only.ts';
import { FUNCTIONS_REGION } from '../../shared/backend/firebase/console-app-check-protocol.ts';
import {
  QUOTE_COUNTERS_COLLECTION,
  QUOTE_SERIES_DOCUMENT,
  QUOTES_COLLECTION,
} from '../../shared/backend/firebase/quote-documents.ts';
import {
  QUOTE_MESSAGES,
  quoteFieldErrors,
  quoteSendBodySchema,
  scaleToJson,
} from '../../shared/domain/quotes/record.ts';
import { decideSend, quoteRecipient } from '../../shared/domain/quotes/rules.ts';
import type { VatRate } from '../../shared/domain/quotes/seller.ts';
import { QUOTE_STATUSES, type QuoteStatus } from '../../shared/domain/quotes/status.ts';
import { quoteLinkOf } from '../../shared/node/quote-link-token.ts';
import { systemClock, type FunctionClock } from './clock.ts';
import { QUOTE_LINK_SECRET } from './params.ts';
import { followQuote, httpsRefusal } from './rule-writes.ts';
import { readSettings } from './settings.ts';
import { sellerOf } from '../../shared/domain/settings/effective.ts';

function firestore(): Firestore {
  return getFirestore(getApps()[0] ?? initializeApp());
}

const statusOf = (value: unknown): QuoteStatus | null =>
  QUOTE_STATUSES.find((status) => status === value) ?? null;

/**
 * « Envoyer au client » in Firebase mode (docs/quotes.md, « Le mode Firebase »): the quote
 * takes the next number of its year and is dated by this function's clock, the server's, never
 * by the owner's computer (a wrong date there would date a quote wrongly, or, ahead, block the
 * series: a later quote may not carry an earlier date). One transaction, as on the embedded
 * server: the number, the quote frozen (the agency's details, tax regime and droit de timbre
 * scale of that day), the version it replaces « Remplacé », the lead « Devis envoyé » with its
 * timeline entry. firestore.rules let no browser write a number, a counter or a sent quote.
 *
 * `{ quoteId, email? }`, for the signed-in owner only. The link's token is derived here, from
 * the quote's id and its first generation under QUOTE_LINK_SECRET (issue 44: the same link can
 * be shown again by quoteOwnerLink); the quote keeps its hash and generation, never the token.
 * Answers `{ to, token }`: the address the link goes to (null when the lead left none), and
 * the token, which the owner's page turns into the link (and e-mails through sendQuoteEmail).
 */
export function sendQuoteFunction(clock: FunctionClock = systemClock) {
  return onCall(
    {
      region: FUNCTIONS_REGION,
      enforceAppCheck: false,
      memory: '256MiB',
      maxInstances: 2,
      secrets: [QUOTE_LINK_SECRET],
    },
    async (request): Promise<{ to: string | null; token: string }> => {
      ownerOf(request.auth);
      const data = (request.data ?? {}) as Record<string, unknown>;
      const { quoteId } = data;
      if (typeof quoteId !== 'string' || quoteId === '' || quoteId.includes('/')) {
        throw new HttpsError('not-found', QUOTE_MESSAGES.notFound);
      }
      const link = quoteLinkOf(QUOTE_LINK_SECRET.value(), quoteId, 1);
      const recipient = quoteSendBodySchema.safeParse(
        data.email === undefined ? {} : { email: data.email },
      );
      if (!recipient.success) {
        throw new HttpsError('invalid-argument', QUOTE_MESSAGES.recipient, {
          fields: quoteFieldErrors(recipient.error.issues),
        });
      }
      const now = await clock();
      const db = firestore();
      const quoteRef = db.collection(QUOTES_COLLECTION).doc(quoteId);
      const seriesRef = db.collection(QUOTE_COUNTERS_COLLECTION).doc(QUOTE_SERIES_DOCUMENT);
      return db.runTransaction(async (transaction) => {
        const stored = await transaction.get(quoteRef);
        const quote = stored.data();
        const status = statusOf(quote?.status);
        if (!quote || status === null) throw new HttpsError('not-found', QUOTE_MESSAGES.notFound);
        const version = Number(quote.version);
        const leadId = String(quote.leadId);
        const contactRef = db.collection('contacts').doc(leadId);
        const leadRef = db.collection('leads').doc(leadId);
        // Every read before any write, as Firestore's transactions require.
        const contact = await transaction.get(contactRef);
        const series = version === 1 ? await transaction.get(seriesRef) : null;
        const lead = await transaction.get(leadRef);
        const previous =
          typeof quote.replacesId === 'string'
            ? await transaction.get(db.collection(QUOTES_COLLECTION).doc(quote.replacesId))
            : null;
        const before = previous?.data();
        // « Réglages » of this moment: the seller the quote prints and freezes, refused while a
        // required legal mention is missing or still an example (decideSend, as on the
        // embedded server).
        const { settings } = await readSettings(db, transaction);
        const decision = decideSend(
          {
            status,
            leadId,
            version,
            replacesId: typeof quote.replacesId === 'string' ? quote.replacesId : null,
            number: typeof quote.number === 'string' ? quote.number : null,
            validityDays: Number(quote.validityDays),
            lines: Array.isArray(quote.lines) ? (quote.lines as { vatRate: VatRate }[]) : [],
          },
          {
            now,
            seller: sellerOf(settings),
            previous: before
              ? {
                  id: previous?.id ?? '',
                  leadId: String(before.leadId),
                  version: Number(before.version),
                  status: statusOf(before.status) ?? 'remplace',
                  number: typeof before.number === 'string' ? before.number : null,
                }
              : null,
            counter: series?.exists
              ? {
                  year: Number(series.get('year')),
                  sequence: Number(series.get('sequence')),
                  lastIssueDate: String(series.get('lastIssueDate')),
                }
              : null,
            recipient: quoteRecipient(recipient.data.email, contact.data()?.email),
          },
        );
        if (!decision.ok) throw httpsRefusal(decision);
        const sent = decision.quote;
        if (decision.counter !== null) {
          transaction.set(seriesRef, {
            ...decision.counter.counter,
            lastIssueDate: decision.counter.lastIssueDate,
          });
        }
        transaction.update(quoteRef, {
          ...sent,
          stampDutyScale: scaleToJson(sent.stampDutyScale),
          tokenHash: link.hash,
          linkGeneration: link.generation,
          updatedAt: now,
        });
        if (decision.replacePrevious && previous) {
          transaction.update(previous.ref, { status: 'remplace', tokenHash: null, updatedAt: now });
        }
        if (contact.exists) {
          followQuote(transaction, leadRef, lead, 'sent', now, workingHoursOf(settings));
        }
        return { to: sent.sentTo, token: link.token };
      });
    },
  );
}
