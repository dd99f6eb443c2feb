import { z } from 'zod';
import { FRENCH_CONTACT_MESSAGES, typedText } from '../contact.ts';
import { REQUIRED_FIELD } from '../messages.ts';
import { parsePhoneInput } from '../phone.ts';
import { LANGUAGES, type Language } from '../routes.ts';
import { parseScaledDecimal } from './money.ts';
import type { TaxRegime, VatRate } from './seller.ts';
import { normaliseNif, VAT_RATES, vatRatesAllowed } from './seller.ts';

export { normaliseNif };
import type { PricedLine } from './totals.ts';
import { DISCOUNT_SCALE } from './totals.ts';
import { DEFAULT_VALIDITY_DAYS, isIsoDate, validUntil } from './validity.ts';

/**
 * A quote as the owner writes it, checked by zod schemas whose messages are French sentences
 * shown under the field. Amounts and quantities are typed as text (« 120 000,00 », « 1,5 »)
 * and read digit by digit into integers (money.ts): no floating point anywhere.
 */

/**
 * The languages a quote is written in (the lead's): those of the locale table
 * (shared/domain/locales.ts), like a message's.
 */
export const QUOTE_LANGUAGES: readonly Language[] = LANGUAGES;
export type QuoteLanguage = Language;

export const QUOTE_LIMITS = {
  name: { max: 120 },
  address: { max: 300 },
  designation: { max: 500 },
  unit: { max: 30 },
  lines: { max: 100 },
  /** 999 999 999,99 DA a line, in centimes: far above any quote, far below overflow worries. */
  unitPrice: { max: 99_999_999_999n },
  /** 1 000 000 units, in thousandths. */
  quantity: { max: 1_000_000_000n },
  validityDays: { max: 365 },
} as const;

const NIF_MESSAGE = 'Le NIF compte 15 ou 20 chiffres, par exemple 000016001234567.';

/**
 * A one-line text the owner types (a name, an address, a designation, a unit), with the
 * contact form's refusals (typedText): a direction mark typed or pasted into « 1234‹RLM›-5678 »
 * printed « 12345678- » on the quote, and a NUL, a BEL or a line break has no place on it.
 */
const requiredText = (max: number, label: string) =>
  typedText(
    z
      .string({ error: REQUIRED_FIELD })
      .trim()
      .min(1, { error: REQUIRED_FIELD })
      .max(max, { error: `${label} ne doit pas dépasser ${max} caractères.` }),
    label,
    'one',
  );

const optionalDigits = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `${label} ne doit pas dépasser ${max} caractères.` })
    .refine((text) => text === '' || /^[\d\s]+$/u.test(text), {
      error: `${label} ne contient que des chiffres.`,
    })
    .default('');

/**
 * The client's phone, optional: read like the contact form's (shared/domain/phone.ts,
 * « 0550 12 34 56 », « +33 6 12 34 56 78 »), with its sentence, and kept in E.164
 * (« +213550123456 »); empty when none. A quote stored before it had a phone reads as ''.
 */
export const quoteClientPhoneSchema = z
  .string()
  .trim()
  .transform((text, ctx) => {
    if (text === '') return '';
    const e164 = parsePhoneInput(text);
    if (e164 === null) {
      ctx.addIssue({ code: 'custom', message: FRENCH_CONTACT_MESSAGES.phone });
      return z.NEVER;
    }
    return e164;
  })
  .default('');

/*
 * A person's name as typed: « Nom » holds it whole (« Dr Client Exemple », « فاطمة الزهراء
 * تجريبي », « Client Exemple (Atlas Services) »), « Prénom » only when the owner splits it
 * (docs/quotes.md, « Le client »). No rule guesses where a first name ends.
 */
export const individualClientSchema = z.object({
  kind: z.literal('particulier'),
  lastName: requiredText(QUOTE_LIMITS.name.max, 'Le nom'),
  firstName: typedText(
    z
      .string()
      .trim()
      .max(QUOTE_LIMITS.name.max, {
        error: `Le prénom ne doit pas dépasser ${QUOTE_LIMITS.name.max} caractères.`,
      }),
    'Le prénom',
    'one',
  ).default(''),
  address: requiredText(QUOTE_LIMITS.address.max, 'L’adresse'),
  phone: quoteClientPhoneSchema,
});

export const companyClientSchema = z.object({
  kind: z.literal('entreprise'),
  legalName: requiredText(QUOTE_LIMITS.name.max, 'La raison sociale'),
  address: requiredText(QUOTE_LIMITS.address.max, 'L’adresse'),
  /** Registre du commerce: letters, digits, slashes (« 16/00-1234567 B 12 »); optional on a quote. */
  rc: typedText(
    z.string().trim().max(40, { error: 'Le numéro de RC ne doit pas dépasser 40 caractères.' }),
    'Le numéro de RC',
    'one',
  ).default(''),
  nif: z
    .string({ error: REQUIRED_FIELD })
    .trim()
    .min(1, { error: REQUIRED_FIELD })
    .transform((text, ctx) => {
      const nif = normaliseNif(text);
      if (nif === null) {
        ctx.addIssue({ code: 'custom', message: NIF_MESSAGE });
        return z.NEVER;
      }
      return nif;
    }),
  nis: optionalDigits('Le NIS', 30),
  articleImposition: optionalDigits('L’article d’imposition', 30),
  phone: quoteClientPhoneSchema,
});

/** The client: a person (particulier) or a company (entreprise). */
export const quoteClientSchema = z.discriminatedUnion(
  'kind',
  [individualClientSchema, companyClientSchema],
  {
    error: 'Choisissez un particulier ou une entreprise.',
  },
);
export type QuoteClient = z.output<typeof quoteClientSchema>;

/** A decimal typed by the owner, read exactly into an integer scaled by 10^decimals. */
const typedDecimal = (decimals: number, message: string) =>
  z
    .string({ error: REQUIRED_FIELD })
    .trim()
    .min(1, { error: REQUIRED_FIELD })
    .transform((text, ctx) => {
      if (text.startsWith('-')) {
        ctx.addIssue({ code: 'custom', message: 'Saisissez un nombre positif.' });
        return z.NEVER;
      }
      const value = parseScaledDecimal(text, decimals);
      if (value === null) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return value;
    });

const vatRateSchema = z.union(
  VAT_RATES.map((rate) => z.literal(rate)) as [z.ZodLiteral<VatRate>, ...z.ZodLiteral<VatRate>[]],
  { error: 'Choisissez un taux de TVA : 19 %, 9 % ou 0 %.' },
);

/** A line as the owner types it: désignation, quantité, unité, prix unitaire HT, remise, TVA. */
export const quoteLineInputSchema = z.object({
  designation: requiredText(QUOTE_LIMITS.designation.max, 'La désignation'),
  quantity: typedDecimal(
    3,
    'Saisissez une quantité, par exemple 2 ou 1,5 (trois décimales au plus).',
  )
    .refine((milli) => milli > 0n, { error: 'La quantité doit être supérieure à zéro.' })
    .refine((milli) => milli <= QUOTE_LIMITS.quantity.max, {
      error: 'La quantité ne doit pas dépasser 1 000 000.',
    }),
  unit: requiredText(QUOTE_LIMITS.unit.max, 'L’unité'),
  unitPrice: typedDecimal(
    2,
    'Saisissez un prix en dinars, par exemple 120 000 ou 2 500,50.',
  ).refine((centimes) => centimes <= QUOTE_LIMITS.unitPrice.max, {
    error: 'Le prix unitaire ne doit pas dépasser 999 999 999,99 DA.',
  }),
  discount: typedDecimal(2, 'Saisissez une remise en pourcentage, par exemple 10 ou 12,5.')
    .refine((basisPoints) => basisPoints <= DISCOUNT_SCALE, {
      error: 'La remise ne peut pas dépasser 100 %.',
    })
    .default(0n),
  vatRate: vatRateSchema,
});
export type QuoteLineInput = z.input<typeof quoteLineInputSchema>;

/** A checked line, in the domain's integers. */
export interface QuoteLine extends PricedLine {
  designation: string;
  unit: string;
}

function toQuoteLine(line: z.output<typeof quoteLineInputSchema>): QuoteLine {
  return {
    designation: line.designation,
    unit: line.unit,
    quantityMilli: line.quantity,
    unitPrice: line.unitPrice,
    discountBasisPoints: line.discount,
    vatRate: line.vatRate,
  };
}

/** Where lines are written: their refusals name the document. */
export type LinesDocument = 'devis' | 'facture';

const LINES_WORDING: Record<LinesDocument, { atLeastOne: string; atMost: string; ifu: string }> = {
  devis: {
    atLeastOne: 'Ajoutez au moins une ligne au devis.',
    atMost: `Un devis compte ${QUOTE_LIMITS.lines.max} lignes au plus.`,
    ifu: 'Au régime de l’IFU, le devis ne porte pas de TVA : choisissez 0 %.',
  },
  facture: {
    atLeastOne: 'Ajoutez au moins une ligne à la facture.',
    atMost: `Une facture compte ${QUOTE_LIMITS.lines.max} lignes au plus.`,
    ifu: 'Au régime de l’IFU, la facture ne porte pas de TVA : choisissez 0 %.',
  },
};

/**
 * The lines of a quote or of an invoice without a quote, as the owner types them, checked for
 * the seller's tax regime (the TVA rates it allows), into the domain's integers.
 */
export function quoteLinesSchemaFor(regime: TaxRegime, document: LinesDocument = 'devis') {
  const allowed = vatRatesAllowed(regime);
  const wording = LINES_WORDING[document];
  return z
    .array(
      quoteLineInputSchema.superRefine((line, ctx) => {
        if (!allowed.includes(line.vatRate)) {
          ctx.addIssue({
            code: 'custom',
            path: ['vatRate'],
            message:
              regime.kind === 'ifu'
                ? wording.ifu
                : regime.kind === 'auto-entrepreneur'
                  ? 'Un auto-entrepreneur ne facture pas de TVA : choisissez 0 %.'
                  : 'Choisissez un taux de TVA : 19 %, 9 % ou 0 %.',
          });
        }
      }),
      { error: wording.atLeastOne },
    )
    .min(1, { error: wording.atLeastOne })
    .max(QUOTE_LIMITS.lines.max, { error: wording.atMost })
    .transform((lines) => lines.map(toQuoteLine));
}

/** A draft quote, checked for the seller's tax regime (the TVA rates it allows). */
export function quoteDraftSchemaFor(regime: TaxRegime) {
  return z
    .object({
      language: z.enum(QUOTE_LANGUAGES, {
        error: 'Choisissez la langue du devis parmi celles du site.',
      }),
      issueDate: z.string().refine(isIsoDate, { error: 'Saisissez une date valide.' }),
      validityDays: z
        .number({ error: 'Saisissez une durée de validité en jours.' })
        .int({ error: 'Saisissez un nombre entier de jours.' })
        .min(1, { error: 'Un devis est valable au moins un jour.' })
        .max(QUOTE_LIMITS.validityDays.max, { error: 'Un devis est valable un an au plus.' })
        .default(DEFAULT_VALIDITY_DAYS),
      client: quoteClientSchema,
      lines: quoteLinesSchemaFor(regime),
      /** « Paiement en espèces »: the droit de timbre is added to the TTC. */
      paidInCash: z.boolean().default(false),
    })
    .transform((draft) => ({
      language: draft.language,
      issueDate: draft.issueDate,
      validUntil: validUntil(draft.issueDate, draft.validityDays),
      client: draft.client,
      lines: draft.lines,
      paidInCash: draft.paidInCash,
    }));
}

export type QuoteDraftInput = z.input<ReturnType<typeof quoteDraftSchemaFor>>;
export type QuoteDraft = z.output<ReturnType<typeof quoteDraftSchemaFor>>;

/**
 * The client's name as a quote prints it: a company's legal name; a person's « Nom » then
 * « Prénom » when the owner split it, else the name whole, as typed.
 */
export function quoteClientName(
  client:
    | { kind: 'particulier'; lastName: string; firstName: string }
    | { kind: 'entreprise'; legalName: string },
): string {
  if (client.kind === 'entreprise') return client.legalName;
  return [client.lastName.trim(), client.firstName.trim()].filter(Boolean).join(' ');
}

/**
 * A lead's name as a new quote's client: whole, in « Nom », as the lead typed it (spaces
 * collapsed). Splitting « Dr Client Exemple » or « فاطمة الزهراء تجريبي » at its first space made
 * a title or half a compound first name the first name; only the owner knows where it ends.
 */
export function quoteClientNameOfLead(fullName: string): { lastName: string; firstName: string } {
  return { lastName: fullName.trim().replace(/\s+/gu, ' '), firstName: '' };
}
