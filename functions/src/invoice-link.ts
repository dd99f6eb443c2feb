import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { HttpsError, onCall } from 'firebase-functions/v2/https';
import { CONTACTS_COLLECTION } from '../../shared/backend/firebase/contact-documents.ts';
import { FUNCTIONS_REGION } from '../../shared/backend/firebase/console-app-check-protocol.ts';
import {
  INVOICE_LEDGERS_COLLECTION,
  INVOICE_LINKS_COLLECTION,
  INVOICES_COLLECTION,
  invoiceOfDocuments,
  type InvoiceLinkDocument,
} from '../../shared/backend/firebase/invoice-documents.ts';
import {
  INVOICE_LINK_MESSAGES,
  decideInvoiceRead,
  invoiceLink,
  invoiceLinkRefusal,
  isInvoiceToken,
  publicInvoiceToJson,
  type PublicInvoiceJson,
} from '../../shared/domain/invoices/client-link.ts';
import { INVOICE_MESSAGES, type Invoice } from '../../shared/domain/invoices/invoice.ts';
import {
  QUOTE_MESSAGES,
  quoteFieldErrors,
  quoteSendBodySchema,
} from '../../shared/domain/quotes/record.ts';
import { quoteDay, quoteRecipient } from '../../shared/domain/quotes/rules.ts';
import { hashQuoteToken, invoiceLinkOf } from '../../shared/node/quote-link-token.ts';
import { composeInvoiceEmail } from '../../shared/notifications/quote-email.ts';
import { emailClient } from './client-email.ts';
import { systemClock, type FunctionClock } from './clock.ts';
import { ownerOf } from './owner-only.ts';
import { PUBLIC_URL, QUOTE_LINK_SECRET, SMTP_URL } from './params.ts';
import { httpsRefusal } from './rule-writes.ts';

/**
 * An invoice's client link in Firebase mode (issue 46, docs/invoices.md, « La page du client »),
 * the embedded server's (src-server/invoices/invoice-links.ts) on the quotes' Firebase model
 * (quote-owner-link.ts, quote-link.ts): the token derived from the invoice's id under
 * QUOTE_LINK_SECRET with the purpose `facture-lien` (shared/node/quote-link-token.ts), the same
 * each time; Firestore keeps its SHA-256 only (`invoiceLinks/{hash}`, Admin SDK), never the
 * token nor the secret. The decisions are shared/domain/invoices/client-link.ts's.
 */

function firestore(): Firestore {
  return getFirestore(getApps()[0] ?? initializeApp());
}

/** An issued invoice with its ledger (payments, credit notes); null when there is none. */
async function readInvoice(db: Firestore, id: string): Promise<Invoice | null> {
  const [issued, ledger] = await db.getAll(
    db.collection(INVOICES_COLLECTION).doc(id),
    db.collection(INVOICE_LEDGERS_COLLECTION).doc(id),
  );
  return issued?.exists ? invoiceOfDocuments(id, issued.data(), ledger?.data()) : null;
}

const ACTIONS = ['show', 'email'] as const;

/**
 * The owner's side, for the signed-in owner only: `{ invoiceId, action: 'show' }` → `{ token }`,
 * the link's hash kept the first time; `{ invoiceId, action: 'email', email? }` → `{ token,
 * email }`, the link e-mailed in the invoice's language to `email` or the lead's address,
 * Reply-To the owner. A lead without an address or a failed e-mail is said in `email` (`sent`
 * false, why in French), not thrown: the link is made all the same. A credit note has no link.
 */
export function invoiceOwnerLinkFunction(clock: FunctionClock = systemClock) {
  return onCall(
    {
      region: FUNCTIONS_REGION,
      enforceAppCheck: false,
      memory: '256MiB',
      maxInstances: 2,
      secrets: [QUOTE_LINK_SECRET, SMTP_URL],
    },
    async (
      request,
    ): Promise<{
      token: string;
      email?: { to: string | null; sent: boolean; error?: string };
    }> => {
      ownerOf(request.auth);
      const data = (request.data ?? {}) as Record<string, unknown>;
      const { invoiceId } = data;
      const action = ACTIONS.find((known) => known === data.action);
      if (typeof invoiceId !== 'string' || invoiceId === '' || invoiceId.includes('/')) {
        throw new HttpsError('not-found', INVOICE_MESSAGES.notFound);
      }
      if (action === undefined) {
        throw new HttpsError('invalid-argument', 'action : show ou email.');
      }
      const recipient = quoteSendBodySchema.safeParse(
        data.email === undefined || data.email === null ? {} : { email: data.email },
      );
      if (!recipient.success) {
        throw new HttpsError('invalid-argument', QUOTE_MESSAGES.recipient, {
          fields: quoteFieldErrors(recipient.error.issues),
        });
      }
      const db = firestore();
      const invoice = await readInvoice(db, invoiceId);
      if (invoice === null) throw new HttpsError('not-found', INVOICE_MESSAGES.notFound);
      const refused = invoiceLinkRefusal(invoice);
      if (refused !== null) throw new HttpsError('failed-precondition', refused);
      const { token, hash } = invoiceLinkOf(QUOTE_LINK_SECRET.value(), invoice.id);
      const now = await clock();
      const linkRef = db.collection(INVOICE_LINKS_COLLECTION).doc(hash);
      // Kept once: the same link asked again changes nothing.
      await db.runTransaction(async (transaction) => {
        if ((await transaction.get(linkRef)).exists) return;
        const kept: InvoiceLinkDocument = { invoiceId: invoice.id, createdAt: now };
        transaction.create(linkRef, kept);
      });
      if (action === 'show') return { token };
      const contact = await db.collection(CONTACTS_COLLECTION).doc(invoice.leadId).get();
      const to = quoteRecipient(recipient.data.email, contact.data()?.email);
      if (to === null) {
        return {
          token,
          email: { to: null, sent: false, error: INVOICE_LINK_MESSAGES.noRecipient },
        };
      }
      const sent = await emailClient(db, (owner) =>
        composeInvoiceEmail(invoice, invoiceLink(PUBLIC_URL.value(), token), { to, owner }),
      );
      return {
        token,
        email: sent.sent ? { to, sent: true } : { to, sent: false, error: sent.error },
      };
    },
  );
}

/**
 * The client's page (public: `{ token }` → PublicInvoiceJson): the invoice its token's hash
 * opens, with the server's day, by which the page says « En retard »; a token that opens
 * nothing gets the dead-link sentence. No rate limit, as `quoteLink` (docs/quotes.md, « Pas de
 * limite de débit sur quoteLink »): a 256-bit token is not guessed, and counting failures would
 * cost a Firestore write each; `maxInstances` bounds what a flood costs.
 */
export function invoiceLinkFunction(clock: FunctionClock = systemClock) {
  return onCall(
    { region: FUNCTIONS_REGION, enforceAppCheck: false, memory: '256MiB', maxInstances: 5 },
    async (request): Promise<PublicInvoiceJson> => {
      const { token } = (request.data ?? {}) as Record<string, unknown>;
      const db = firestore();
      let invoice: Invoice | null = null;
      if (isInvoiceToken(token)) {
        const link = await db.collection(INVOICE_LINKS_COLLECTION).doc(hashQuoteToken(token)).get();
        const invoiceId: unknown = link.get('invoiceId');
        if (typeof invoiceId === 'string' && invoiceId !== '' && !invoiceId.includes('/')) {
          invoice = await readInvoice(db, invoiceId);
        }
      }
      const read = decideInvoiceRead(invoice, quoteDay(await clock()));
      if (!read.ok) throw httpsRefusal(read);
      return publicInvoiceToJson(read.invoice);
    },
  );
}
