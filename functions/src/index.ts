/**
 * The Cloud Functions of the Firebase mode (2nd gen). Bundled with the shared code into
 * lib/index.js by `npm run functions:build` (firebase.json runs it before each deploy):
 * Firebase deploys this folder alone.
 */
import { NOTIFICATION_CHANNEL_REGISTRY } from '../../shared/notifications/registry.ts';
import { consoleAppCheckFunction } from './console-app-check.ts';
import {
  issueCreditNoteFunction,
  issueInvoiceFunction,
  recordInvoicePaymentFunction,
} from './invoices.ts';
import { invoiceLinkFunction, invoiceOwnerLinkFunction } from './invoice-link.ts';
import { notifyOwnerFunction } from './notify-function.ts';
import { purgeExpiredSpamFunction } from './purge-spam.ts';
import {
  notifyOwnerOfQuoteAnswerFunction,
  quoteLinkFunction,
  sendQuoteEmailFunction,
} from './quote-link.ts';
import { remindOwnerFunction } from './remind-owner.ts';
import { quoteOwnerLinkFunction } from './quote-owner-link.ts';
import { sendQuoteFunction } from './send-quote.ts';
import {
  removeLeadOnMessageDeletedFunction,
  removeLeadOnSpamDeletedFunction,
} from './remove-lead.ts';
import { signOutEverywhereFunction } from './sign-out-everywhere.ts';
import { whatsappTapFunction } from './whatsapp-tap.ts';

/** A new message: e-mail, push and webhook to the owner (the registry's channels). */
export const notifyOwnerOfNewMessage = notifyOwnerFunction(NOTIFICATION_CHANNEL_REGISTRY);

/** Every hour: the messages kept as spam for 30 days are deleted. */
export const purgeExpiredSpam = purgeExpiredSpamFunction();

/**
 * Every 5 minutes: the reminders due (« Relancer le » come, « Nouveau » for 2 working hours)
 * and, at DIGEST_TIME, the daily digest (docs/inbox.md).
 */
export const remindOwner = remindOwnerFunction(NOTIFICATION_CHANNEL_REGISTRY);

/**
 * A message deleted: its lead, timeline and reminders go with it (not when it only moved to
 * « Indésirables » and back: « Marquer comme indésirable », « Pas un indésirable »).
 */
export const removeLeadOfDeletedMessage = removeLeadOnMessageDeletedFunction();

/** A message the owner marked as spam, deleted or purged from there: its lead goes too. */
export const removeLeadOfDeletedSpam = removeLeadOnSpamDeletedFunction();

/** The desktop console's App Check token, for a signed-in admin only (docs/firebase.md, 4). */
export const issueConsoleAppCheckToken = consoleAppCheckFunction();

/** The client's page of a quote: read it, accept or refuse it, by its link's token. */
export const quoteLink = quoteLinkFunction();

/** « Envoyer au client »: the quote numbered and dated by the server, for the owner only. */
export const sendQuote = sendQuoteFunction();

/** A sent quote's link again, or a new one (« Nouveau lien »), for the signed-in owner only. */
export const quoteOwnerLink = quoteOwnerLinkFunction();

/** « Envoyer au client »: the quote's link by e-mail, for the signed-in owner only. */
export const sendQuoteEmail = sendQuoteEmailFunction();

/** A client's answer to a quote: e-mail, push and webhook to the owner (the registry's channels). */
export const notifyOwnerOfQuoteAnswer = notifyOwnerOfQuoteAnswerFunction(
  NOTIFICATION_CHANNEL_REGISTRY,
);

/** The public pages' WhatsApp button: the tap counted, then 302 to the agency's chat. */
export const whatsappTap = whatsappTapFunction();

/** « Se déconnecter partout »: every refresh token of the owner revoked (docs/firebase.md). */
export const signOutEverywhere = signOutEverywhereFunction();

/** « Facture d’acompte », « de solde » or « Facture » from an accepted quote, numbered by the server. */
export const issueInvoice = issueInvoiceFunction();

/** « Facture d’avoir » against an issued invoice, numbered by the server. */
export const issueCreditNote = issueCreditNoteFunction();

/** « Enregistrer un paiement » on an invoice, dated and checked by the server. */
export const recordInvoicePayment = recordInvoicePaymentFunction();

/** An invoice's client link (« Envoyer »: shown, copied, e-mailed), for the signed-in owner only. */
export const invoiceOwnerLink = invoiceOwnerLinkFunction();

/** The client's page of an invoice: read it by its link's token (public). */
export const invoiceLink = invoiceLinkFunction();
