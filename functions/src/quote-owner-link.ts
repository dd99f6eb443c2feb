import { getApps, initializeApp } from 'firebase-admin/app';
import { FieldValue, getFirestore, type Firestore } from 'firebase-admin/firestore';
import { HttpsError, onCall } from 'firebase-functions/v2/https';
import { ownerOf } from './owner-only.ts';
import { FUNCTIONS_REGION } from '../../shared/backend/firebase/console-app-check-protocol.ts';
import { CONTACTS_COLLECTION } from '../../shared/backend/firebase/contact-documents.ts';
import { TIMELINE_COLLECTION } from '../../shared/backend/firebase/lead-documents.ts';
import { QUOTES_COLLECTION } from '../../shared/backend/firebase/quote-documents.ts';
import {
  QUOTE_MESSAGES,
  quoteFieldErrors,
  quoteSendBodySchema,
} from '../../shared/domain/quotes/record.ts';
import {
  decideResendLink,
  decideShowLink,
  quoteRecipient,
} from '../../shared/domain/quotes/rules.ts';
import { QUOTE_STATUSES, type QuoteStatus } from '../../shared/domain/quotes/status.ts';
import { quoteLinkOf } from '../../shared/node/quote-link-token.ts';
import { systemClock, type FunctionClock } from './clock.ts';
import { QUOTE_LINK_SECRET } from './params.ts';
import { httpsRefusal } from './rule-writes.ts';

/** What the owner asks of a sent quote's link. */
const ACTIONS = ['show', 'whatsapp', 'lien', 'renew'] as const;
type Action = (typeof ACTIONS)[number];

function firestore(): Firestore {
  return getFirestore(getApps()[0] ?? initializeApp());
}

const statusOf = (value: unknown): QuoteStatus =>
  QUOTE_STATUSES.find((status) => status === value) ?? 'remplace';

const generationOf = (value: unknown): number | null =>
  typeof value === 'number' && Number.isInteger(value) && value >= 1 ? value : null;

/**
 * The client's link of a sent quote, for the signed-in owner only (issue 44, docs/quotes.md,
 * « Le lien du client »), the one place of the Firebase mode that holds QUOTE_LINK_SECRET besides
 * sendQuote: `{ quoteId, action }`.
 *
 * - `show`: the same token each time (derived from the quote's id and its link's generation);
 * - `whatsapp`, `lien`: the same, and the lead's timeline says the owner sent it on WhatsApp or
 *   copied it (decideShowLink, in one transaction);
 * - `renew` (`email?`): « Nouveau lien », the next generation (decideResendLink): the old link
 *   stops working; answers the address the new link is to be e-mailed to.
 *
 * Answers `{ token, to? }`; the owner's page builds the link from it.
 */
export function quoteOwnerLinkFunction(clock: FunctionClock = systemClock) {
  return onCall(
    {
      region: FUNCTIONS_REGION,
      enforceAppCheck: false,
      memory: '256MiB',
      maxInstances: 2,
      secrets: [QUOTE_LINK_SECRET],
    },
    async (request): Promise<{ token: string; to?: string | null }> => {
      ownerOf(request.auth);
      const data = (request.data ?? {}) as Record<string, unknown>;
      const { quoteId } = data;
      const action = ACTIONS.find((known) => known === data.action) as Action | undefined;
      if (typeof quoteId !== 'string' || quoteId === '' || quoteId.includes('/')) {
        throw new HttpsError('not-found', QUOTE_MESSAGES.notFound);
      }
      if (action === undefined) {
        throw new HttpsError('invalid-argument', 'action : show, whatsapp, lien ou renew.');
      }
      const recipient = quoteSendBodySchema.safeParse(
        data.email === undefined || data.email === null ? {} : { email: data.email },
      );
      if (!recipient.success) {
        throw new HttpsError('invalid-argument', QUOTE_MESSAGES.recipient, {
          fields: quoteFieldErrors(recipient.error.issues),
        });
      }
      const secret = QUOTE_LINK_SECRET.value();
      const now = await clock();
      const db = firestore();
      const quoteRef = db.collection(QUOTES_COLLECTION).doc(quoteId);
      return db.runTransaction(async (transaction) => {
        const stored = await transaction.get(quoteRef);
        const quote = stored.data();
        if (!quote) throw new HttpsError('not-found', QUOTE_MESSAGES.notFound);
        const leadId = String(quote.leadId);
        const status = statusOf(quote.status);
        const generation = generationOf(quote.linkGeneration);
        if (action === 'renew') {
          const contact = await transaction.get(db.collection(CONTACTS_COLLECTION).doc(leadId));
          const allowed = decideResendLink(status, generation);
          if (!allowed.ok) throw httpsRefusal(allowed);
          const link = quoteLinkOf(secret, quoteId, allowed.generation);
          const to = quoteRecipient(recipient.data.email, contact.data()?.email);
          transaction.update(quoteRef, {
            tokenHash: link.hash,
            linkGeneration: link.generation,
            sentTo: to,
            updatedAt: now,
          });
          return { token: link.token, to };
        }
        const decision = decideShowLink(
          {
            status,
            number: typeof quote.number === 'string' ? quote.number : null,
            linkGeneration: generation,
          },
          action === 'show' ? undefined : action,
        );
        if (!decision.ok) throw httpsRefusal(decision);
        if (decision.event !== null) {
          transaction.create(
            db.collection('leads').doc(leadId).collection(TIMELINE_COLLECTION).doc(),
            { type: 'quote', ...decision.event, at: FieldValue.serverTimestamp() },
          );
        }
        return { token: quoteLinkOf(secret, quoteId, decision.generation).token };
      });
    },
  );
}
