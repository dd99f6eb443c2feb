import { z } from 'zod';
import { QUOTE_LANGUAGES } from '../quotes/quote.ts';
import {
  linesFromJson,
  linesToJson,
  quoteJsonSchema,
  scaleFromJson,
  scaleToJson,
} from '../quotes/record.ts';
import { VAT_RATES } from '../quotes/seller.ts';
import type { VatTotal } from '../quotes/totals.ts';
import {
  INVOICE_KINDS,
  PAYMENT_METHODS,
  type DepositShare,
  type Invoice,
  type InvoiceCredit,
  type InvoiceDeduction,
  type Payment,
} from './invoice.ts';

/**
 * An invoice in JSON, the same over HTTP, through the console's IPC and in a stored document:
 * amounts as decimal strings of their centimes (a bigint has no JSON form), as the quotes'
 * (shared/domain/quotes/record.ts), whose client, lines, seller and scale forms it reuses.
 */

const digits = z.string().regex(/^\d+$/u);
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/u);
const vatRate = z.literal(VAT_RATES);

const vatJsonSchema = z.array(z.object({ rate: vatRate, base: digits, vat: digits }));

export const paymentJsonSchema = z.object({
  id: z.string().min(1),
  date: day,
  amount: digits,
  stampDuty: digits,
  method: z.enum(PAYMENT_METHODS),
  reference: z.string(),
  recordedAt: z.number(),
  requestId: z.string().optional(),
});
export type PaymentJson = z.infer<typeof paymentJsonSchema>;

/** What is written once at issue and never changes. */
export const issuedInvoiceJsonSchema = z.object({
  leadId: z.string().min(1),
  kind: z.enum(INVOICE_KINDS),
  number: z.string().min(1),
  quoteId: z.string().nullable(),
  quoteNumber: z.string().nullable(),
  share: z
    .discriminatedUnion('kind', [
      z.object({ kind: z.literal('percent'), basisPoints: digits }),
      z.object({ kind: z.literal('amount'), amount: digits }),
    ])
    .nullable(),
  deductions: z.array(
    z.object({
      invoiceId: z.string(),
      number: z.string(),
      issueDate: day,
      totalHT: digits,
      vat: vatJsonSchema,
      totalTTC: digits,
    }),
  ),
  corrects: z.object({ invoiceId: z.string(), number: z.string(), issueDate: day }).nullable(),
  reason: z.string(),
  language: z.enum(QUOTE_LANGUAGES),
  client: quoteJsonSchema.shape.client,
  lines: quoteJsonSchema.shape.lines,
  paymentMethod: z.enum(PAYMENT_METHODS).nullable(),
  issueDate: day,
  dueDate: day,
  seller: quoteJsonSchema.shape.seller,
  stampDutyScale: quoteJsonSchema.shape.stampDutyScale,
  issuedAt: z.number(),
});
export type IssuedInvoiceJson = z.infer<typeof issuedInvoiceJsonSchema>;

export const invoiceJsonSchema = issuedInvoiceJsonSchema.extend({
  id: z.string().min(1),
  payments: z.array(paymentJsonSchema),
  credits: z.array(
    z.object({ invoiceId: z.string(), number: z.string(), issueDate: day, amount: digits }),
  ),
});
export type InvoiceJson = z.infer<typeof invoiceJsonSchema>;

const text = (value: bigint) => value.toString();

const vatToJson = (vat: readonly VatTotal[]) =>
  vat.map((entry) => ({ rate: entry.rate, base: text(entry.base), vat: text(entry.vat) }));
const vatFromJson = (vat: z.infer<typeof vatJsonSchema>): VatTotal[] =>
  vat.map((entry) => ({ rate: entry.rate, base: BigInt(entry.base), vat: BigInt(entry.vat) }));

function shareToJson(share: DepositShare | null): IssuedInvoiceJson['share'] {
  if (share === null) return null;
  return share.kind === 'percent'
    ? { kind: 'percent', basisPoints: text(share.basisPoints) }
    : { kind: 'amount', amount: text(share.amount) };
}

function shareFromJson(share: IssuedInvoiceJson['share']): DepositShare | null {
  if (share === null) return null;
  return share.kind === 'percent'
    ? { kind: 'percent', basisPoints: BigInt(share.basisPoints) }
    : { kind: 'amount', amount: BigInt(share.amount) };
}

export function paymentToJson(payment: Payment): PaymentJson {
  return { ...payment, amount: text(payment.amount), stampDuty: text(payment.stampDuty) };
}

export function paymentFromJson(json: PaymentJson): Payment {
  return { ...json, amount: BigInt(json.amount), stampDuty: BigInt(json.stampDuty) };
}

export function issuedInvoiceToJson(
  invoice: Omit<Invoice, 'id' | 'payments' | 'credits'>,
): IssuedInvoiceJson {
  return {
    leadId: invoice.leadId,
    kind: invoice.kind,
    number: invoice.number,
    quoteId: invoice.quoteId,
    quoteNumber: invoice.quoteNumber,
    share: shareToJson(invoice.share),
    deductions: invoice.deductions.map((deduction) => ({
      invoiceId: deduction.invoiceId,
      number: deduction.number,
      issueDate: deduction.issueDate,
      totalHT: text(deduction.totalHT),
      vat: vatToJson(deduction.vat),
      totalTTC: text(deduction.totalTTC),
    })),
    corrects: invoice.corrects,
    reason: invoice.reason,
    language: invoice.language,
    client: invoice.client,
    lines: linesToJson(invoice.lines),
    paymentMethod: invoice.paymentMethod,
    issueDate: invoice.issueDate,
    dueDate: invoice.dueDate,
    seller: invoice.seller,
    stampDutyScale: scaleToJson(invoice.stampDutyScale),
    issuedAt: invoice.issuedAt,
  };
}

export function issuedInvoiceFromJson(
  json: IssuedInvoiceJson,
): Omit<Invoice, 'id' | 'payments' | 'credits'> {
  return {
    ...json,
    share: shareFromJson(json.share),
    deductions: json.deductions.map((deduction): InvoiceDeduction => ({
      ...deduction,
      totalHT: BigInt(deduction.totalHT),
      vat: vatFromJson(deduction.vat),
      totalTTC: BigInt(deduction.totalTTC),
    })),
    lines: linesFromJson(json.lines),
    stampDutyScale: scaleFromJson(json.stampDutyScale),
  };
}

export function invoiceToJson(invoice: Invoice): InvoiceJson {
  return {
    ...issuedInvoiceToJson(invoice),
    id: invoice.id,
    payments: invoice.payments.map(paymentToJson),
    credits: invoice.credits.map((credit) => ({ ...credit, amount: text(credit.amount) })),
  };
}

export function invoiceFromJson(json: InvoiceJson): Invoice {
  return {
    ...issuedInvoiceFromJson(json),
    id: json.id,
    payments: json.payments.map(paymentFromJson),
    credits: json.credits.map((credit): InvoiceCredit => ({
      ...credit,
      amount: BigInt(credit.amount),
    })),
  };
}
