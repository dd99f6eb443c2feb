import {
  collection,
  doc,
  getDoc,
  getDocs,
  query,
  where,
  type Firestore,
} from '@firebase/firestore';
import {
  INVOICE_TOKEN_PATTERN,
  invoiceLink,
  publicInvoiceFromJson,
  publicInvoiceJsonSchema,
} from '../../domain/invoices/client-link.ts';
import { INVOICE_MESSAGES, type Invoice } from '../../domain/invoices/invoice.ts';
import { invoiceFromJson, invoiceJsonSchema } from '../../domain/invoices/record.ts';
import { quoteFieldErrors, quoteSendBodySchema } from '../../domain/quotes/record.ts';
import { BackendError, type InvoiceStore } from '../ports.ts';
import { NO_APP_CHECK, type AppCheckMonitor } from './app-check.ts';
import { callFunction, type CallableFunctions } from './callable.ts';
import { firebaseErrorCode, firestoreError } from './errors.ts';
import {
  INVOICE_CREDIT_NOTE_FUNCTION,
  INVOICE_ISSUE_FUNCTION,
  INVOICE_LEDGERS_COLLECTION,
  INVOICE_LINK_FUNCTION,
  INVOICE_OWNER_LINK_FUNCTION,
  INVOICE_PAYMENT_FUNCTION,
  INVOICES_COLLECTION,
  invoiceOfDocuments,
  newestFirst,
} from './invoice-documents.ts';

export interface FirestoreInvoicesOptions {
  appCheck?: AppCheckMonitor;
  /** Where the project's functions answer: the emulator's `host:port`, or the region's. */
  functions: CallableFunctions;
  /** The signed-in owner's ID token, for the functions that issue and record. */
  idToken: () => Promise<string | null>;
  /** The site the client's link opens (quotesPublicUrl: this page's, or the project's Hosting). */
  publicUrl: () => string;
  fetch?: typeof fetch;
}

/**
 * The InvoiceStore port on Firebase (docs/invoices.md, « Le mode Firebase »): the owner reads
 * the invoices and their ledgers (payments, credit notes) from Firestore; every write — issuing
 * an invoice or a credit note, recording a payment — goes through a Cloud Function, which
 * decides with shared/domain/invoices/rules.ts on the server's clock and numbers in a
 * Firestore transaction (functions/src/invoices.ts). firestore.rules let no browser write any
 * of these documents. The client's link (its token derived from a secret this page never sees,
 * its e-mail, the client's read) is functions/src/invoice-link.ts's.
 */
export function createFirestoreInvoices(
  db: Firestore,
  options: FirestoreInvoicesOptions,
): InvoiceStore {
  const appCheck = options.appCheck ?? NO_APP_CHECK;
  const invoices = collection(db, INVOICES_COLLECTION);
  const ledgers = collection(db, INVOICE_LEDGERS_COLLECTION);

  async function attempt<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      const code = firebaseErrorCode(error);
      const refused = code === 'permission-denied' || code === 'unauthenticated';
      throw firestoreError(error, 'admin', refused ? await appCheck.failing() : false);
    }
  }

  async function list(leadId?: string): Promise<Invoice[]> {
    const [issued, recorded] = await attempt(() =>
      Promise.all([
        getDocs(leadId === undefined ? invoices : query(invoices, where('leadId', '==', leadId))),
        getDocs(leadId === undefined ? ledgers : query(ledgers, where('leadId', '==', leadId))),
      ]),
    );
    const ledgerOf = new Map(recorded.docs.map((found) => [found.id, found.data()]));
    return issued.docs
      .map((found) => invoiceOfDocuments(found.id, found.data(), ledgerOf.get(found.id)))
      .filter((invoice): invoice is Invoice => invoice !== null)
      .sort(newestFirst);
  }

  async function call(name: string, data: unknown): Promise<Invoice> {
    const idToken = await options.idToken();
    const result = await callFunction(
      { functions: options.functions, fetch: options.fetch },
      name,
      data,
      idToken ?? undefined,
    );
    const parsed = invoiceJsonSchema.safeParse(result);
    if (!parsed.success) throw new BackendError('unknown', { cause: parsed.error });
    return invoiceFromJson(parsed.data);
  }

  /** A function's answer as the owner, its result unchecked. */
  async function callAsOwner(name: string, data: unknown): Promise<Record<string, unknown>> {
    const idToken = await options.idToken();
    const result = await callFunction(
      { functions: options.functions, fetch: options.fetch },
      name,
      data,
      idToken ?? undefined,
    );
    return (result ?? {}) as Record<string, unknown>;
  }

  /** The client's link of the token a function answered. */
  function linkOf(answer: Record<string, unknown>): string {
    const { token } = answer;
    if (typeof token !== 'string' || !INVOICE_TOKEN_PATTERN.test(token)) {
      throw new BackendError('unknown', { message: 'Le lien de la facture n’a pas été reçu.' });
    }
    return invoiceLink(options.publicUrl(), token);
  }

  return {
    list: () => list(),
    listByLead: (leadId) => list(leadId),

    async get(id) {
      const [issued, ledger] = await attempt(() =>
        Promise.all([getDoc(doc(invoices, id)), getDoc(doc(ledgers, id))]),
      );
      const invoice = issued.exists() ? invoiceOfDocuments(id, issued.data(), ledger.data()) : null;
      if (invoice === null) {
        throw new BackendError('not-found', { message: INVOICE_MESSAGES.notFound });
      }
      return invoice;
    },

    // Numbered, dated and frozen by the function, on the server's clock (never this computer's).
    issueFromQuote: (quoteId, input) => call(INVOICE_ISSUE_FUNCTION, { quoteId, input }),
    issueWithoutQuote: (leadId, input) => call(INVOICE_ISSUE_FUNCTION, { leadId, input }),
    issueCreditNote: (invoiceId, input) => call(INVOICE_CREDIT_NOTE_FUNCTION, { invoiceId, input }),
    recordPayment: (invoiceId, input) => call(INVOICE_PAYMENT_FUNCTION, { invoiceId, input }),

    // The token is derived by the function, from a secret this page never sees.
    async link(invoiceId) {
      return {
        link: linkOf(await callAsOwner(INVOICE_OWNER_LINK_FUNCTION, { invoiceId, action: 'show' })),
      };
    },

    async emailLink(invoiceId, sendOptions = {}) {
      const parsed = quoteSendBodySchema.safeParse(sendOptions);
      if (!parsed.success) {
        throw new BackendError('invalid-input', { fields: quoteFieldErrors(parsed.error.issues) });
      }
      const answer = await callAsOwner(INVOICE_OWNER_LINK_FUNCTION, {
        invoiceId,
        action: 'email',
        email: parsed.data.email ?? null,
      });
      const email = answer.email as { to?: unknown; sent?: unknown; error?: unknown } | undefined;
      if (typeof email?.sent !== 'boolean') {
        throw new BackendError('unknown', { message: 'Le lien de la facture n’a pas été reçu.' });
      }
      const to = typeof email.to === 'string' ? email.to : null;
      return {
        link: linkOf(answer),
        email:
          email.sent && to !== null
            ? { to, sent: true }
            : { to, sent: false, error: typeof email.error === 'string' ? email.error : '' },
      };
    },

    async readByToken(token) {
      const result = await callFunction(
        { functions: options.functions, fetch: options.fetch },
        INVOICE_LINK_FUNCTION,
        { token },
      );
      const parsed = publicInvoiceJsonSchema.safeParse(result);
      if (!parsed.success) throw new BackendError('unknown', { cause: parsed.error });
      return publicInvoiceFromJson(parsed.data);
    },
  };
}
