import { z } from 'zod';
import { typedText } from '../contact.ts';
import { REQUIRED_FIELD } from '../messages.ts';
import { formatCentimes } from '../quotes/format.ts';
import type { Centimes } from '../quotes/money.ts';
import { parseScaledDecimal } from '../quotes/money.ts';
import {
  QUOTE_LANGUAGES,
  quoteClientSchema,
  quoteLinesSchemaFor,
  type QuoteClient,
  type QuoteLanguage,
  type QuoteLine,
} from '../quotes/quote.ts';
import type { SellerLegalDetails, TaxRegime } from '../quotes/seller.ts';
import type { StampDutyScale } from '../quotes/stamp-duty.ts';
import type { VatTotal } from '../quotes/totals.ts';
import { isIsoDate } from '../quotes/validity.ts';

/**
 * Invoices (issue 46, docs/invoices.md): what an invoice is, the payments recorded against it,
 * and the owner's inputs with their French refusals. Amounts are whole centimes (bigint), as
 * the quotes' (shared/domain/quotes/money.ts); the totals are the quotes' (`computeQuoteTotals`).
 */

/**
 * - `acompte`: a share of an accepted quote (a percentage or an amount), asked before the work;
 * - `solde`: the quote's total less the deposits invoiced;
 * - `facture`: the whole quote at once, or a lead's work without a quote;
 * - `avoir`: a credit note, cancelling an issued invoice in whole or part.
 */
export const INVOICE_KINDS = ['acompte', 'solde', 'facture', 'avoir'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

/** What each kind is called on screen and on the printed page. */
export const INVOICE_KIND_LABELS: Record<InvoiceKind, Record<QuoteLanguage, string>> = {
  acompte: { fr: 'Facture d’acompte', ar: 'فاتورة دفعة مقدمة' },
  solde: { fr: 'Facture de solde', ar: 'فاتورة الرصيد' },
  facture: { fr: 'Facture', ar: 'فاتورة' },
  avoir: { fr: 'Facture d’avoir', ar: 'فاتورة تخفيض' },
};

/** How a client pays in Algeria. */
export const PAYMENT_METHODS = ['especes', 'ccp', 'virement', 'cheque', 'carte'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, Record<QuoteLanguage, string>> = {
  especes: { fr: 'Espèces', ar: 'نقدًا' },
  ccp: { fr: 'CCP / BaridiMob', ar: 'الحساب البريدي الجاري / بريدي موب' },
  virement: { fr: 'Virement', ar: 'تحويل بنكي' },
  cheque: { fr: 'Chèque', ar: 'صك' },
  carte: { fr: 'Carte CIB / Edahabia', ar: 'بطاقة CIB / الذهبية' },
};

/**
 * An invoice's state, derived from its payments, its credit notes and the day (figures.ts):
 * never stored, so that it cannot disagree with them.
 */
export const INVOICE_STATUSES = ['emise', 'partielle', 'payee', 'en-retard', 'annulee'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, Record<QuoteLanguage, string>> = {
  emise: { fr: 'Émise', ar: 'صادرة' },
  partielle: { fr: 'Partiellement payée', ar: 'مدفوعة جزئيًا' },
  payee: { fr: 'Payée', ar: 'مدفوعة' },
  'en-retard': { fr: 'En retard', ar: 'متأخرة' },
  annulee: { fr: 'Annulée', ar: 'ملغاة' },
};

/** A payment received for an invoice. */
export interface Payment {
  id: string;
  /** The day it was received (ISO, Algiers). */
  date: string;
  /** What it settles of the invoice. */
  amount: Centimes;
  /**
   * The droit de timbre of a payment in cash, on the scale of its day (0 otherwise): paid by
   * the client on top of `amount`, owed to the Treasury, never counted as settling the invoice.
   */
  stampDuty: Centimes;
  method: PaymentMethod;
  /** The CCP transaction, the cheque's number…; '' when none. */
  reference: string;
  /** When it was recorded (ms, the backend's clock). */
  recordedAt: number;
  /**
   * The request id the screen gave with « Enregistrer un paiement » (paymentRequestId): the
   * same request again (a retry after a timeout) records nothing more. Absent: none given.
   */
  requestId?: string | undefined;
}

/** A deposit invoice deducted by a final one, as the final one prints it. */
export interface InvoiceDeduction {
  invoiceId: string;
  number: string;
  issueDate: string;
  totalHT: Centimes;
  vat: VatTotal[];
  totalTTC: Centimes;
}

/** A credit note issued against an invoice, as that invoice lists it. */
export interface InvoiceCredit {
  invoiceId: string;
  number: string;
  issueDate: string;
  amount: Centimes;
}

/** The share of a quote a deposit asks: a percentage (in hundredths: 30 % → 3000n) or an amount TTC. */
export type DepositShare =
  { kind: 'percent'; basisPoints: bigint } | { kind: 'amount'; amount: Centimes };

/** An issued invoice (or credit note). Nothing of it changes after its issue but its payments and credits. */
export interface Invoice {
  id: string;
  leadId: string;
  kind: InvoiceKind;
  /** `FAC-2026-0001`, `AV-2026-0001`: given at issue. */
  number: string;
  /** The quote it invoices (null: a lead's work without a quote, or a credit note). */
  quoteId: string | null;
  quoteNumber: string | null;
  /** A deposit: the share of the quote it asks. */
  share: DepositShare | null;
  /** A final invoice: the deposits it deducts. */
  deductions: InvoiceDeduction[];
  /** A credit note: the invoice it corrects. */
  corrects: { invoiceId: string; number: string; issueDate: string } | null;
  /** A credit note's reason, as the owner wrote it ('' for an invoice). */
  reason: string;
  language: QuoteLanguage;
  client: QuoteClient;
  lines: QuoteLine[];
  /** The way the client is asked to pay (printed); null: not said. */
  paymentMethod: PaymentMethod | null;
  issueDate: string;
  /** The last day to pay (« échéance »); past it, unpaid, the invoice is « En retard ». */
  dueDate: string;
  /** The agency's legal details and regime, frozen at issue. */
  seller: SellerLegalDetails;
  /** The droit de timbre scale of the date of issue, frozen at issue. */
  stampDutyScale: StampDutyScale;
  issuedAt: number;
  payments: Payment[];
  credits: InvoiceCredit[];
}

// ---- refusals --------------------------------------------------------------------------------

const da = (amount: Centimes) => `${formatCentimes(amount)} DA`;

/** Every refusal of the invoices, in French. */
export const INVOICE_MESSAGES = {
  notFound: 'Cette facture n’existe pas (ou plus).',
  quoteNotFound: 'Ce devis n’existe pas (ou plus).',
  leadNotFound: 'Ce contact n’est pas (ou plus) dans la boîte de réception.',
  quoteRefused: 'Ce devis a été refusé : il ne peut pas être facturé.',
  quoteExpired: 'Ce devis a expiré : il ne peut pas être facturé. Faites-en une nouvelle version.',
  quoteReplaced: 'Ce devis a été remplacé par une version plus récente : facturez celle-là.',
  quoteNotAccepted: 'Ce devis n’est pas encore accepté : il ne peut pas être facturé.',
  alreadyInvoiced:
    'Ce devis est déjà facturé en entier : pour corriger une facture, émettez une facture d’avoir.',
  wholeAfterDeposit:
    'Un acompte est déjà facturé sur ce devis : faites une facture de solde, qui le déduit.',
  noDeposit: 'Aucun acompte n’est facturé sur ce devis : faites une facture pour le tout.',
  depositZero: 'L’acompte doit être supérieur à zéro.',
  depositOver100: 'Un acompte ne peut pas dépasser 100 % du devis.',
  depositOverTotal: (left: Centimes) =>
    `Cet acompte dépasse ce qui reste à facturer sur ce devis : ${da(left)}.`,
  depositBoth: 'Saisissez un pourcentage ou un montant, pas les deux.',
  depositNeither: 'Saisissez le pourcentage ou le montant de l’acompte.',
  percent: 'Saisissez un pourcentage, par exemple 30 ou 12,5.',
  amount: 'Saisissez un montant en dinars, par exemple 36 000 ou 2 500,50.',
  negative: 'Saisissez un nombre positif.',
  paymentZero: 'Le montant du paiement doit être supérieur à zéro.',
  paymentOverLeft: (left: Centimes) =>
    `Ce paiement dépasse ce qui reste à payer sur cette facture : ${da(left)}.`,
  paymentNothingLeft: 'Cette facture est déjà payée : il n’y a plus rien à encaisser.',
  paymentFuture: 'Un paiement ne peut pas être daté d’un jour à venir.',
  paymentOnCreditNote: 'Une facture d’avoir ne reçoit pas de paiement.',
  paymentOnCancelled: 'Cette facture est annulée par un avoir : elle ne reçoit plus de paiement.',
  date: 'Saisissez une date valide.',
  method: 'Choisissez le mode de paiement.',
  reference: 'La référence ne doit pas dépasser 100 caractères.',
  requestId:
    'Ce paiement n’a pas pu être identifié. Avant de l’enregistrer de nouveau, vérifiez dans « Factures » qu’il ne l’est pas déjà.',
  creditOverInvoice: (left: Centimes) =>
    `Cet avoir dépasse ce qui reste de la facture après ses avoirs : ${da(left)}.`,
  creditZero: 'Le montant de l’avoir doit être supérieur à zéro.',
  creditOfCreditNote: 'Un avoir ne se corrige pas par un autre avoir.',
  creditNothingLeft: 'Cette facture est déjà annulée en entier par ses avoirs.',
  reason: 'Dites en une phrase pourquoi cet avoir est émis.',
  dueDays: 'Saisissez un délai de paiement en jours, de 0 à 365.',
  language: 'Choisissez la langue de la facture parmi celles du site.',
  nothingToInvoice: 'Cette facture ne demande rien : donnez un prix à au moins une ligne.',
} as const;

// ---- what the owner sends ----------------------------------------------------------------------

/** An amount typed by the owner (« 36 000 », « 2 500,50 »), in centimes, strictly positive. */
const typedAmount = (zero: string) =>
  z
    .string({ error: REQUIRED_FIELD })
    .trim()
    .min(1, { error: REQUIRED_FIELD })
    .transform((text, ctx) => {
      if (text.startsWith('-')) {
        ctx.addIssue({ code: 'custom', message: INVOICE_MESSAGES.negative });
        return z.NEVER;
      }
      const value = parseScaledDecimal(text, 2);
      if (value === null) {
        ctx.addIssue({ code: 'custom', message: INVOICE_MESSAGES.amount });
        return z.NEVER;
      }
      if (value === 0n) {
        ctx.addIssue({ code: 'custom', message: zero });
        return z.NEVER;
      }
      return value;
    });

const dueDays = z
  .number({ error: INVOICE_MESSAGES.dueDays })
  .int({ error: INVOICE_MESSAGES.dueDays })
  .min(0, { error: INVOICE_MESSAGES.dueDays })
  .max(365, { error: INVOICE_MESSAGES.dueDays });

/** How long the client has to pay unless the owner says otherwise. */
export const DEFAULT_DUE_DAYS = 30;

const paymentMethod = z.enum(PAYMENT_METHODS, { error: INVOICE_MESSAGES.method });

/**
 * « Facture d’acompte » / « Facture de solde » / « Facture » from an accepted quote. A deposit
 * takes a percentage (`percent`, « 30 ») or an amount TTC (`amount`, « 36 000 »), one of them.
 */
export const invoiceFromQuoteSchema = z
  .strictObject({
    kind: z.enum(['acompte', 'solde', 'facture'], { error: 'Choisissez le type de facture.' }),
    percent: z.string().trim().optional(),
    amount: z.string().trim().optional(),
    dueDays: dueDays.default(DEFAULT_DUE_DAYS),
    paymentMethod: paymentMethod.nullable().default(null),
  })
  .transform((input, ctx) => {
    let share: DepositShare | null = null;
    if (input.kind === 'acompte') {
      const percent = input.percent ?? '';
      const amount = input.amount ?? '';
      if (percent !== '' && amount !== '') {
        ctx.addIssue({ code: 'custom', path: ['amount'], message: INVOICE_MESSAGES.depositBoth });
        return z.NEVER;
      }
      if (percent === '' && amount === '') {
        ctx.addIssue({
          code: 'custom',
          path: ['percent'],
          message: INVOICE_MESSAGES.depositNeither,
        });
        return z.NEVER;
      }
      if (percent !== '') {
        const basisPoints = percent.startsWith('-') ? null : parseScaledDecimal(percent, 2);
        const message =
          basisPoints === null
            ? percent.startsWith('-')
              ? INVOICE_MESSAGES.negative
              : INVOICE_MESSAGES.percent
            : basisPoints === 0n
              ? INVOICE_MESSAGES.depositZero
              : basisPoints > 10_000n
                ? INVOICE_MESSAGES.depositOver100
                : null;
        if (message !== null || basisPoints === null) {
          ctx.addIssue({ code: 'custom', path: ['percent'], message: message ?? '' });
          return z.NEVER;
        }
        share = { kind: 'percent', basisPoints };
      } else {
        const parsed = typedAmount(INVOICE_MESSAGES.depositZero).safeParse(amount);
        if (!parsed.success) {
          ctx.addIssue({
            code: 'custom',
            path: ['amount'],
            message: parsed.error.issues[0]?.message ?? INVOICE_MESSAGES.amount,
          });
          return z.NEVER;
        }
        share = { kind: 'amount', amount: parsed.data };
      }
    }
    return {
      kind: input.kind,
      share,
      dueDays: input.dueDays,
      paymentMethod: input.paymentMethod,
    };
  });
export type InvoiceFromQuoteInput = z.input<typeof invoiceFromQuoteSchema>;
export type InvoiceFromQuoteRequest = z.output<typeof invoiceFromQuoteSchema>;

/**
 * « Facture » for a lead without a quote: its language, the client (prefilled from the lead),
 * the lines as a quote's (their checks and French refusals, for the agency's regime), the
 * payment term and method.
 */
export function invoiceWithoutQuoteSchemaFor(regime: TaxRegime) {
  return z.strictObject({
    language: z.enum(QUOTE_LANGUAGES, { error: INVOICE_MESSAGES.language }),
    client: quoteClientSchema,
    lines: quoteLinesSchemaFor(regime, 'facture'),
    dueDays: dueDays.default(DEFAULT_DUE_DAYS),
    paymentMethod: paymentMethod.nullable().default(null),
  });
}
export type InvoiceWithoutQuoteInput = z.input<ReturnType<typeof invoiceWithoutQuoteSchemaFor>>;
export type InvoiceWithoutQuoteRequest = z.output<ReturnType<typeof invoiceWithoutQuoteSchemaFor>>;

/**
 * The id of one « Enregistrer un paiement » (a UUID from the screen, kept across its retries):
 * a payment already recorded with it on that invoice is answered again, never recorded twice
 * (`decidePayment`).
 */
export const PAYMENT_REQUEST_ID_PATTERN = /^[A-Za-z0-9-]{8,64}$/u;

/** What the platform's `crypto` gives every page; `randomUUID` only a secure one. */
interface RandomSource {
  getRandomValues(array: Uint8Array): Uint8Array;
  randomUUID?: () => string;
}

/**
 * A new request id for « Enregistrer un paiement », once per payment the owner fills in: a
 * random UUID (v4). The browser gives `crypto.randomUUID` only to a secure page (HTTPS or
 * localhost); the dashboard opened at the agency's server on the local network in plain HTTP
 * (docs/deploy.md) builds the same from `crypto.getRandomValues`, which every page has.
 */
export function paymentRequestId(crypto: RandomSource = globalThis.crypto): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40; // version 4
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80; // RFC 9562 variant
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** « Enregistrer un paiement »: the day, the amount, the method, a reference, its request id. */
export const paymentInputSchema = z.strictObject({
  date: z.string({ error: INVOICE_MESSAGES.date }).refine(isIsoDate, {
    error: INVOICE_MESSAGES.date,
  }),
  amount: typedAmount(INVOICE_MESSAGES.paymentZero),
  method: paymentMethod,
  reference: typedText(
    z.string().trim().max(100, { error: INVOICE_MESSAGES.reference }),
    'La référence',
    'one',
  ).default(''),
  requestId: z
    .string({ error: INVOICE_MESSAGES.requestId })
    .regex(PAYMENT_REQUEST_ID_PATTERN, { error: INVOICE_MESSAGES.requestId })
    .optional(),
});
export type PaymentInput = z.input<typeof paymentInputSchema>;
export type PaymentRequest = z.output<typeof paymentInputSchema>;

/** « Facture d’avoir »: the amount TTC credited (empty: the whole of what is left) and why. */
export const creditNoteInputSchema = z.strictObject({
  amount: z
    .string()
    .trim()
    .optional()
    .transform((text, ctx) => {
      if (text === undefined || text === '') return null;
      const parsed = typedAmount(INVOICE_MESSAGES.creditZero).safeParse(text);
      if (!parsed.success) {
        ctx.addIssue({
          code: 'custom',
          message: parsed.error.issues[0]?.message ?? INVOICE_MESSAGES.amount,
        });
        return z.NEVER;
      }
      return parsed.data;
    }),
  reason: typedText(
    z
      .string({ error: INVOICE_MESSAGES.reason })
      .trim()
      .min(1, { error: INVOICE_MESSAGES.reason })
      .max(300, { error: 'Le motif ne doit pas dépasser 300 caractères.' }),
    'Le motif',
    'one',
  ),
});
export type CreditNoteInput = z.input<typeof creditNoteInputSchema>;
export type CreditNoteRequest = z.output<typeof creditNoteInputSchema>;

/** French messages keyed by the field's path (`amount`, `percent`, `date`), the first for each. */
export function invoiceFieldErrors(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : '_';
    fields[key] ??= issue.message;
  }
  return fields;
}
