/**
 * The product's functions, as tests/firebase/quotes-contract.test.ts runs them on the Functions
 * emulator: all of them as deployed, except that the client's quote page, the sending of a
 * quote and the invoices' functions (their client links too) tell the time by the test's clock (the document `testClock/now`, which only the test
 * writes, with the Admin SDK), so that the contract can move a quote past its last valid day,
 * or into another year, as it does on the embedded server. Without that document, the
 * functions' time is the machine's.
 */
import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import {
  issueCreditNoteFunction,
  issueInvoiceFunction,
  recordInvoicePaymentFunction,
} from '../../functions/src/invoices.ts';
import { invoiceLinkFunction, invoiceOwnerLinkFunction } from '../../functions/src/invoice-link.ts';
import { quoteLinkFunction, type QuoteClock } from '../../functions/src/quote-link.ts';
import { quoteOwnerLinkFunction } from '../../functions/src/quote-owner-link.ts';
import { sendQuoteFunction } from '../../functions/src/send-quote.ts';

export * from '../../functions/src/index.ts';

export const TEST_CLOCK_DOCUMENT = 'testClock/now';

const testClock: QuoteClock = async () => {
  const snapshot = await getFirestore(getApps()[0] ?? initializeApp())
    .doc(TEST_CLOCK_DOCUMENT)
    .get();
  const ms: unknown = snapshot.get('ms');
  return typeof ms === 'number' ? ms : Date.now();
};

export const quoteLink = quoteLinkFunction(testClock);

export const sendQuote = sendQuoteFunction(testClock);

export const quoteOwnerLink = quoteOwnerLinkFunction(testClock);

export const issueInvoice = issueInvoiceFunction(testClock);

export const issueCreditNote = issueCreditNoteFunction(testClock);

export const recordInvoicePayment = recordInvoicePaymentFunction(testClock);

export const invoiceOwnerLink = invoiceOwnerLinkFunction(testClock);

export const invoiceLink = invoiceLinkFunction(testClock);
