import { getApps, initializeApp } from 'firebase-admin/app';
import { FieldValue, getFirestore, type Firestore } from 'firebase-admin/firestore';
import { HttpsError, onCall } from 'firebase-functions/v2/https';
import { ownerOf } from './owner-only.ts';
import { FUNCTIONS_REGION } from '../../shared/backend/firebase/console-app-check-protocol.ts';
import {
  QUOTES_COLLECTION,
  hashQuoteTokenHex,
  quoteOfDocument,
} from '../../shared/backend/firebase/quote-documents.ts';
import { sellerLegalDetails } from '../../shared/content/seller.ts';
import {
  QUOTE_MESSAGES,
  QUOTE_TOKEN_PATTERN,
  publicQuoteOf,
  publicQuoteToJson,
  quoteLink,
  quoteTotals,
  type PublicQuoteJson,
  type Quote,
} from '../../shared/domain/quotes/record.ts';
import {
  decideAnswer,
  decideFirstView,
  decideReadByLink,
  parseQuoteAnswer,
  quoteDay,
} from '../../shared/domain/quotes/rules.ts';
import { composeQuoteEmail } from '../../shared/notifications/quote-email.ts';
import {
  quoteAnswerNoticeSchema,
  type QuoteAnswerNotice,
} from '../../shared/notifications/notice.ts';
import type { ChannelModule } from '../../shared/notifications/channel.ts';
import { onDocumentCreated } from 'firebase-functions/v2/firestore';
import {
  CONTACTS_COLLECTION,
  toContactMessage,
} from '../../shared/backend/firebase/contact-documents.ts';
import { channelsFromParameters } from './channels.ts';
import { systemClock, type FunctionClock } from './clock.ts';
import { followQuote, httpsRefusal } from './rule-writes.ts';
import { firestoreStore } from './firestore-store.ts';
import { notifyOwner } from './notify-owner.ts';
import { FUNCTION_TIMEOUT_SECONDS } from './trigger.ts';
import { emailClient } from './client-email.ts';
import { PUBLIC_URL, SECRETS, SMTP_URL } from './params.ts';

/** The owner's notices of the clients' answers, one per quote (Admin SDK only). */
export const QUOTE_ANSWERS_COLLECTION = 'quoteAnswers';

/**
 * The client's page in Firebase mode (docs/quotes.md, « Le mode Firebase »): firestore.rules
 * keep quotes admin only, so the page reads its quote, and answers it, through this callable
 * function, by the link's token (its SHA-256 is what the quote holds). It shows nothing of the
 * lead, and nothing once the quote expired or was replaced. `sendQuoteEmail` e-mails the link
 * to the client, for the signed-in owner only.
 */

/** The function's time (a test's entry gives its own): functions/src/clock.ts. */
export type QuoteClock = FunctionClock;

function firestore(): Firestore {
  return getFirestore(getApps()[0] ?? initializeApp());
}

/**
 * The quote of a token (`decideReadByLink`), its document marked « Expiré » when its last day
 * has passed: the link then is dead.
 */
async function quoteByToken(db: Firestore, token: unknown, now: number) {
  const snapshot =
    typeof token === 'string' && QUOTE_TOKEN_PATTERN.test(token)
      ? (
          await db
            .collection(QUOTES_COLLECTION)
            .where('tokenHash', '==', await hashQuoteTokenHex(token))
            .limit(1)
            .get()
        ).docs[0]
      : undefined;
  const quote = snapshot
    ? quoteOfDocument(snapshot.id, snapshot.data(), {
        today: quoteDay(now),
        seller: sellerLegalDetails,
      })
    : null;
  const decision = decideReadByLink(quote, now);
  if (!decision.ok) {
    if ('expire' in decision && decision.expire && snapshot) {
      await snapshot.ref.update({ status: 'expire', tokenHash: null, updatedAt: now });
    }
    throw httpsRefusal(decision);
  }
  if (!snapshot || !quote) throw new HttpsError('not-found', QUOTE_MESSAGES.linkDead);
  return { ref: snapshot.ref, quote };
}

function answerPublic(quote: Quote): PublicQuoteJson {
  return publicQuoteToJson(publicQuoteOf(quote));
}

/** `{ action: 'read', token }` or `{ action: 'answer', token, decision, comment? }`. */
export function quoteLinkFunction(clock: FunctionClock = systemClock) {
  return onCall(
    { region: FUNCTIONS_REGION, enforceAppCheck: false, memory: '256MiB', maxInstances: 5 },
    async (request): Promise<PublicQuoteJson> => {
      const data = (request.data ?? {}) as Record<string, unknown>;
      const db = firestore();
      const now = await clock();
      if (data.action === 'read') {
        const { ref, quote } = await quoteByToken(db, data.token, now);
        // « Vu le … »: the first opening, with its line on the lead's timeline (issue 44).
        if (decideFirstView(quote, now) !== null) {
          await db.runTransaction(async (transaction) => {
            const current = (await transaction.get(ref)).data();
            const first = current
              ? decideFirstView(
                  {
                    status: current.status === 'envoye' ? 'envoye' : 'accepte',
                    number: typeof current.number === 'string' ? current.number : null,
                    viewedAt: typeof current.viewedAt === 'number' ? current.viewedAt : null,
                  },
                  now,
                )
              : null;
            if (first === null || !current) return;
            transaction.update(ref, { viewedAt: first.viewedAt });
            transaction.create(
              db.collection('leads').doc(String(current.leadId)).collection('timeline').doc(),
              { type: 'quote', ...first.event, at: FieldValue.serverTimestamp() },
            );
          });
        }
        return answerPublic(quote);
      }
      if (data.action !== 'answer') {
        throw new HttpsError('invalid-argument', 'Action inconnue : read ou answer.');
      }
      const answer = parseQuoteAnswer({
        decision: data.decision,
        ...(data.comment === undefined ? {} : { comment: data.comment }),
      });
      if (!answer.ok) throw httpsRefusal(answer);
      const { ref } = await quoteByToken(db, data.token, now);
      const quote = await db.runTransaction(async (transaction) => {
        const snapshot = await transaction.get(ref);
        const current = quoteOfDocument(snapshot.id, snapshot.data() ?? {}, {
          today: quoteDay(now),
          seller: sellerLegalDetails,
        });
        const decision = decideAnswer(current, answer, now);
        if (!decision.ok) throw httpsRefusal(decision);
        if (!current) throw new HttpsError('not-found', QUOTE_MESSAGES.linkDead);
        const leadRef = db.collection('leads').doc(current.leadId);
        // Every read before any write, as Firestore's transactions require.
        const contact = await transaction.get(
          db.collection(CONTACTS_COLLECTION).doc(current.leadId),
        );
        const lead = await transaction.get(leadRef);
        transaction.update(ref, { ...decision.quote, updatedAt: now });
        // The owner's notice, written with the answer: notifyOwnerOfQuoteAnswer sends it.
        const notice: QuoteAnswerNotice = {
          quoteId: current.id,
          number: current.number ?? '',
          decision: decision.quote.status,
          comment: decision.quote.answer.comment,
          netToPay: quoteTotals(current).netToPay.toString(),
        };
        transaction.create(db.collection(QUOTE_ANSWERS_COLLECTION).doc(current.id), {
          leadId: current.leadId,
          answer: notice,
        });
        if (contact.exists) followQuote(transaction, leadRef, lead, decision.leadEvent, now);
        return { ...current, ...decision.quote };
      });
      return answerPublic(quote);
    },
  );
}

/** `{ quoteId, token, to }`: e-mails a sent quote's link (the signed-in owner only). */
export function sendQuoteEmailFunction(clock: FunctionClock = systemClock) {
  return onCall(
    {
      region: FUNCTIONS_REGION,
      enforceAppCheck: false,
      memory: '256MiB',
      maxInstances: 2,
      secrets: [SMTP_URL],
    },
    async (request): Promise<{ sent: true }> => {
      ownerOf(request.auth);
      const data = (request.data ?? {}) as Record<string, unknown>;
      const { quoteId, token, to } = data;
      if (typeof quoteId !== 'string' || typeof token !== 'string' || typeof to !== 'string') {
        throw new HttpsError('invalid-argument', 'quoteId, token et to sont attendus.');
      }
      const snapshot = await firestore().collection(QUOTES_COLLECTION).doc(quoteId).get();
      const stored = snapshot.data();
      if (!stored || stored.tokenHash !== (await hashQuoteTokenHex(token))) {
        throw new HttpsError('not-found', QUOTE_MESSAGES.linkDead);
      }
      const quote = quoteOfDocument(quoteId, stored, {
        today: quoteDay(await clock()),
        seller: sellerLegalDetails,
      });
      if (!quote) throw new HttpsError('not-found', QUOTE_MESSAGES.notFound);
      const sent = await emailClient(firestore(), (owner) =>
        composeQuoteEmail(publicQuoteOf(quote), quoteLink(PUBLIC_URL.value(), token), {
          to,
          // Replies go to the owner's address of « Réglages » (NOTIFY_EMAIL until saved).
          owner,
        }),
      );
      if (!sent.sent) {
        throw new HttpsError(sent.configured ? 'unavailable' : 'failed-precondition', sent.error);
      }
      return { sent: true };
    },
  );
}

/**
 * The owner is told of each answer on every channel (e-mail, push, webhook), as of a new
 * message: on the creation of its notice (`quoteAnswers/{quoteId}`, written with the answer),
 * by notifyOwner, retried by Cloud Functions until every channel has it (23 hours at most).
 */
export function notifyOwnerOfQuoteAnswerFunction(
  channels: readonly ChannelModule[],
  clock: FunctionClock = systemClock,
) {
  return onDocumentCreated(
    {
      document: `${QUOTE_ANSWERS_COLLECTION}/{quoteId}`,
      secrets: SECRETS,
      retry: true,
      region: FUNCTIONS_REGION,
      timeoutSeconds: FUNCTION_TIMEOUT_SECONDS,
    },
    async (event) => {
      const data = event.data?.data();
      const answer = quoteAnswerNoticeSchema.safeParse(data?.answer);
      if (!data || !answer.success || typeof data.leadId !== 'string') return;
      const db = firestore();
      const contact = await db.collection(CONTACTS_COLLECTION).doc(data.leadId).get();
      const contactData = contact.data();
      const message = contactData ? toContactMessage({ id: contact.id, data: contactData }) : null;
      // The message was deleted since: nobody to tell of.
      if (!message) return;
      await notifyOwner(
        { kind: 'quote-answer', message, answer: answer.data },
        Date.parse(event.time),
        await clock(),
        { store: firestoreStore(db), channels: await channelsFromParameters(db, channels) },
      );
    },
  );
}
