import { z } from 'zod';
import { formatCentimes } from '../quotes/format.ts';
import type { Centimes } from '../quotes/money.ts';
import type { QuoteLanguage } from '../quotes/quote.ts';
import { QUOTE_TOKEN_PATTERN } from '../quotes/record.ts';
import { invoiceFigures } from './figures.ts';
import type { Invoice } from './invoice.ts';
import type { InvoiceRule } from './rules.ts';
import { invoiceFromJson, invoiceJsonSchema, invoiceToJson } from './record.ts';

/**
 * The client's page of an invoice (issue 46, docs/invoices.md, « La page du client »): the
 * quote's link mechanism (docs/quotes.md, « Le lien du client ») for an issued invoice. The
 * token is derived from the invoice and a server secret (shared/node/quote-link-token.ts), in
 * the fragment of `/pageFacture#<token>`, never in a path or a log; the page reads the invoice
 * by it, read only: its figures, what is paid, « Reste à payer », nothing of the lead.
 */

/** The client's page of an invoice: `/pageFacture#<token>` (as `/pageDevis` for a quote). */
export const INVOICE_PAGE_PATH = '/pageFacture';

export function invoiceLink(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/u, '')}${INVOICE_PAGE_PATH}#${token}`;
}

/** An invoice link's token: 43 base64url characters, as a quote's. */
export const INVOICE_TOKEN_PATTERN = QUOTE_TOKEN_PATTERN;

/** The refusals of the client's link, in French (the page says them in Arabic too). */
export const INVOICE_LINK_MESSAGES = {
  linkDead:
    'Ce lien ne mène à aucune facture : il est incomplet ou n’a jamais existé. Demandez à l’agence de vous renvoyer la facture.',
  creditNote:
    'Une facture d’avoir n’a pas de page pour le client : envoyez-lui la facture qu’elle corrige.',
  noRecipient:
    'Ce contact n’a pas d’adresse e-mail : saisissez celle à laquelle envoyer la facture.',
} as const;

/**
 * What the client's page shows: the invoice without the ids of the lead, of the quote or of
 * other invoices, and the backend's day (`today`, Algiers), by which its state is said (« En
 * retard » by the server's clock, never the client's).
 */
export type PublicInvoice = Omit<Invoice, 'id' | 'leadId' | 'quoteId'> & { today: string };

/** `value` without the ids a client never sees. */
function withoutIds<T extends { id: unknown; leadId: unknown; quoteId: unknown }>(
  value: T,
): Omit<T, 'id' | 'leadId' | 'quoteId'> {
  const copy: Partial<T> = { ...value };
  delete copy.id;
  delete copy.leadId;
  delete copy.quoteId;
  return copy as Omit<T, 'id' | 'leadId' | 'quoteId'>;
}

export function publicInvoiceOf(invoice: Invoice, today: string): PublicInvoice {
  const shown = withoutIds(invoice);
  return {
    ...shown,
    deductions: shown.deductions.map((deduction) => ({ ...deduction, invoiceId: '' })),
    credits: shown.credits.map((credit) => ({ ...credit, invoiceId: '' })),
    corrects: shown.corrects ? { ...shown.corrects, invoiceId: '' } : null,
    // Numbered for the page; the screen's request id stays with the owner.
    payments: shown.payments.map(({ requestId: _requestId, ...payment }, index) => ({
      ...payment,
      id: String(index + 1),
    })),
    today,
  };
}

/** Refused: a credit note has no page of its own (null: the invoice may have its link). */
export function invoiceLinkRefusal(invoice: Pick<Invoice, 'kind'>): string | null {
  return invoice.kind === 'avoir' ? INVOICE_LINK_MESSAGES.creditNote : null;
}

/** Whether `token` has a link token's form (anything else opens nothing, and is not looked up). */
export function isInvoiceToken(token: unknown): token is string {
  return typeof token === 'string' && INVOICE_TOKEN_PATTERN.test(token);
}

/**
 * The client's read by a link, on both backends: the invoice its token's hash opens (null:
 * none) as the page shows it on the backend's day (`today`, Algiers); else the dead link, one
 * sentence for every link that leads nowhere.
 */
export function decideInvoiceRead(
  invoice: Invoice | null,
  today: string,
): InvoiceRule<{ invoice: PublicInvoice }> {
  if (invoice === null || invoiceLinkRefusal(invoice) !== null) {
    return { ok: false, kind: 'not-found', message: INVOICE_LINK_MESSAGES.linkDead };
  }
  return { ok: true, invoice: publicInvoiceOf(invoice, today) };
}

// ---- the JSON form: the invoice's, without its ids, with the day -------------------------------

export const publicInvoiceJsonSchema = invoiceJsonSchema
  .omit({ id: true, leadId: true, quoteId: true })
  .extend({ today: z.string().regex(/^\d{4}-\d{2}-\d{2}$/u) });
export type PublicInvoiceJson = z.infer<typeof publicInvoiceJsonSchema>;

export function publicInvoiceToJson(invoice: PublicInvoice): PublicInvoiceJson {
  const json = withoutIds(invoiceToJson({ ...invoice, id: '-', leadId: '-', quoteId: null }));
  return { ...json, today: invoice.today };
}

export function publicInvoiceFromJson(json: PublicInvoiceJson): PublicInvoice {
  const { today, ...rest } = json;
  const invoice = withoutIds(invoiceFromJson({ ...rest, id: '-', leadId: '-', quoteId: null }));
  return { ...invoice, today };
}

// ---- the one-tap payment reminder --------------------------------------------------------------

const ltr = (text: string) => `\u2066${text}\u2069`;
const dayFirst = (iso: string) => iso.split('-').reverse().join('/');

/**
 * « Rappel : il reste 83 300,00 DA à payer sur la facture FAC-2026-0002 … »: the WhatsApp
 * message the owner sends in one tap to a client who has something left to pay, in the
 * invoice's language, with its due date (passed or not) and the client's link. Written once:
 * the « Factures » folder prefills a wa.me chat with it.
 */
export function paymentReminderText(
  invoice: { number: string; language: QuoteLanguage; dueDate: string },
  left: Centimes,
  today: string,
  link: string,
  agency: string,
): string {
  const amount = formatCentimes(left);
  const overdue = invoice.dueDate < today;
  if (invoice.language === 'ar') {
    const due = ltr(dayFirst(invoice.dueDate));
    return [
      `السلام عليكم، تذكير: لا يزال مبلغ ${ltr(amount)}\u00a0دج مستحقّ الدفع على الفاتورة ${invoice.number}${
        overdue ? `، وقد حلّ أجل استحقاقها يوم ${due}` : `، ويُسدَّد في أجل أقصاه ${due}`
      }.`,
      `يمكنكم الاطلاع عليها وطباعتها على هذه الصفحة: ${link}`,
      agency,
    ].join('\n');
  }
  const due = dayFirst(invoice.dueDate);
  return [
    `Bonjour, rappel : il reste ${amount}\u00a0DA à payer sur la facture ${invoice.number}${
      overdue ? `, arrivée à échéance le ${due}` : `, à régler au plus tard le ${due}`
    }.`,
    `Vous pouvez la consulter et l’imprimer sur cette page : ${link}`,
    agency,
  ].join('\n');
}

/** What is left to pay on an invoice today (0: nothing, or a credit note): no reminder then. */
export function leftToPay(invoice: Invoice, today: string): Centimes {
  return invoiceFigures(invoice, today).left;
}
