import { getApps, initializeApp } from 'firebase-admin/app';
import {
  FieldValue,
  getFirestore,
  Timestamp,
  type DocumentData,
  type DocumentReference,
  type Firestore,
  type Transaction,
} from 'firebase-admin/firestore';
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
import { sellerLegalDetails } from '../../shared/content/seller.ts';
import { newLead, resolveNextAction } from '../../shared/domain/leads/pipeline.ts';
import { nextQuoteNumber, nextVersionNumber } from '../../shared/domain/quotes/numbering.ts';
import {
  QUOTE_MESSAGES,
  quoteFieldErrors,
  quoteSendBodySchema,
  scaleToJson,
} from '../../shared/domain/quotes/record.ts';
import { vatRatesAllowed } from '../../shared/domain/quotes/seller.ts';
import { stampDutyScaleFor } from '../../shared/domain/quotes/stamp-duty.ts';
import { transitionQuote } from '../../shared/domain/quotes/status.ts';
import { todayInAlgiers, validUntil } from '../../shared/domain/quotes/validity.ts';
import type { QuoteClock } from './quote-link.ts';

/** A link token's SHA-256, in hex, as the browser computes it. */
const TOKEN_HASH = /^[0-9a-f]{64}$/u;

const systemClock: QuoteClock = () => Promise.resolve(Date.now());

function firestore(): Firestore {
  return getFirestore(getApps()[0] ?? initializeApp());
}

const refused = (message: string) => new HttpsError('failed-precondition', message);

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
export function sendQuoteFunction(clock: QuoteClock = systemClock) {
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
      const day = todayInAlgiers(new Date(now));
      const db = firestore();
      const quoteRef = db.collection(QUOTES_COLLECTION).doc(quoteId);
      const seriesRef = db.collection(QUOTE_COUNTERS_COLLECTION).doc(QUOTE_SERIES_DOCUMENT);
      return db.runTransaction(async (transaction) => {
        const stored = await transaction.get(quoteRef);
        const quote = stored.data();
        if (!quote) throw new HttpsError('not-found', QUOTE_MESSAGES.notFound);
        const until = validUntil(day, Number(quote.validityDays));
        const transition = transitionQuote(quote.status, 'envoyer', {
          today: day,
          validUntil: until,
        });
        if (!transition.ok) throw refused(transition.error);
        const seller = sellerLegalDetails;
        const allowed = vatRatesAllowed(seller.taxRegime);
        const fields: Record<string, string> = {};
        (quote.lines as { vatRate: number }[]).forEach((line, index) => {
          if (!allowed.some((rate) => rate === line.vatRate)) {
            fields[`lines.${index}.vatRate`] =
              'Au régime de l’IFU, le devis ne porte pas de TVA : choisissez 0 %.';
          }
        });
        if (Object.keys(fields).length > 0) {
          throw new HttpsError('invalid-argument', 'Vérifiez les lignes du devis.', { fields });
        }
        const leadId = String(quote.leadId);
        const contactRef = db.collection('contacts').doc(leadId);
        const leadRef = db.collection('leads').doc(leadId);
        // Every read before any write, as Firestore's transactions require.
        const contact = await transaction.get(contactRef);
        const series = quote.version === 1 ? await transaction.get(seriesRef) : null;
        const lead = await transaction.get(leadRef);
        const previous =
          typeof quote.replacesId === 'string'
            ? await transaction.get(db.collection(QUOTES_COLLECTION).doc(quote.replacesId))
            : null;
        if (previous?.data()?.status === 'accepte') {
          throw refused(QUOTE_MESSAGES.previousAccepted);
        }
        // A version keeps the number of the quote it replaces, with the next suffix.
        if (series === null) {
          const before = previous?.data();
          if (
            !before ||
            typeof before.number !== 'string' ||
            quote.number !== nextVersionNumber(before.number)
          ) {
            throw refused(
              'Ce brouillon ne suit pas le devis qu’il remplace : refaites la nouvelle version.',
            );
          }
        }
        const own: unknown = contact.data()?.email;
        const to = recipient.data.email ?? (typeof own === 'string' && own !== '' ? own : null);

        let number = typeof quote.number === 'string' ? quote.number : null;
        if (series !== null) {
          const last = series.exists
            ? {
                year: Number(series.get('year')),
                sequence: Number(series.get('sequence')),
                lastIssueDate: String(series.get('lastIssueDate')),
              }
            : null;
          if (last !== null && day < last.lastIssueDate) {
            throw refused(
              `Un devis daté du ${day} ne peut pas suivre un devis daté du ${last.lastIssueDate} : la numérotation suit l’ordre des dates.`,
            );
          }
          let next: ReturnType<typeof nextQuoteNumber>;
          try {
            next = nextQuoteNumber(last, Number(day.slice(0, 4)));
          } catch (error) {
            throw refused(error instanceof Error ? error.message : String(error));
          }
          number = next.number;
          transaction.set(seriesRef, { ...next.counter, lastIssueDate: day });
        }
        if (number === null) throw new HttpsError('internal', QUOTE_MESSAGES.notFound);
        transaction.update(quoteRef, {
          status: 'envoye',
          number,
          issueDate: day,
          validUntil: until,
          seller,
          stampDutyScale: scaleToJson(stampDutyScaleFor(day)),
          tokenHash,
          sentTo: to,
          sentAt: now,
          updatedAt: now,
        });
        if (previous?.data()?.status === 'envoye') {
          transaction.update(previous.ref, { status: 'remplace', tokenHash: null, updatedAt: now });
        }
        if (contact.exists) followLead(transaction, leadRef, leadId, lead.data());
        return { to };
      });
    },
  );
}

/** The lead « Devis envoyé » with its timeline entry, unless it is there already or « Gagné ». */
function followLead(
  transaction: Transaction,
  leadRef: DocumentReference,
  leadId: string,
  fields: DocumentData | undefined,
): void {
  const status = fields ? String(fields.status) : newLead(leadId).status;
  if (status === 'devis-envoye' || status === 'gagne') return;
  const current: unknown = fields?.nextActionAt;
  const nextActionAt = resolveNextAction(
    current instanceof Timestamp ? current.toMillis() : null,
    { status: 'devis-envoye' },
    Date.now(),
  );
  transaction.set(leadRef, {
    status: 'devis-envoye',
    lostReason: null,
    statusChangedAt: FieldValue.serverTimestamp(),
    nextActionAt: nextActionAt === null ? null : Timestamp.fromMillis(nextActionAt),
    estimatedValue: fields?.estimatedValue ?? null,
  });
  transaction.create(leadRef.collection('timeline').doc(), {
    type: 'status',
    status: 'devis-envoye',
    lostReason: null,
    at: FieldValue.serverTimestamp(),
  });
}
