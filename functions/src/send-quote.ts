import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { HttpsError, onCall } from 'firebase-functions/v2/https';
import {
  ADMIN_CLAIM,
  FUNCTIONS_REGION,
} from '../../shared/backend/firebase/console-app-check-protocol.ts';
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
import { systemClock, type FunctionClock } from './clock.ts';
import { followQuote, httpsRefusal } from './rule-writes.ts';
import { readSettings } from './settings.ts';
import { sellerOf } from '../../shared/domain/settings/effective.ts';

/** A link token's SHA-256, in hex, as the browser computes it. */
const TOKEN_HASH = /^[0-9a-f]{64}$/u;

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
 * `{ quoteId, tokenHash, email? }`, for the signed-in owner only: the link's token is drawn in
 * the browser, which sends only its hash (and e-mails the link through sendQuoteEmail).
 * Answers `{ to }`, the address the link goes to (null when the lead left none).
 */
export function sendQuoteFunction(clock: FunctionClock = systemClock) {
  return onCall(
    { region: FUNCTIONS_REGION, enforceAppCheck: false, memory: '256MiB', maxInstances: 2 },
    async (request): Promise<{ to: string | null }> => {
      if (request.auth?.token[ADMIN_CLAIM] !== true) {
        throw new HttpsError('permission-denied', 'Réservé au propriétaire.');
      }
      const data = (request.data ?? {}) as Record<string, unknown>;
      const { quoteId, tokenHash } = data;
      if (typeof quoteId !== 'string' || quoteId === '' || quoteId.includes('/')) {
        throw new HttpsError('not-found', QUOTE_MESSAGES.notFound);
      }
      if (typeof tokenHash !== 'string' || !TOKEN_HASH.test(tokenHash)) {
        throw new HttpsError('invalid-argument', 'tokenHash : l’empreinte SHA-256 du jeton.');
      }
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
          tokenHash,
          updatedAt: now,
        });
        if (decision.replacePrevious && previous) {
          transaction.update(previous.ref, { status: 'remplace', tokenHash: null, updatedAt: now });
        }
        if (contact.exists) followQuote(transaction, leadRef, lead, 'sent', now);
        return { to: sent.sentTo };
      });
    },
  );
}
