import { z } from 'zod';
import { REQUIRED_FIELD } from '../messages.ts';
import type { Language } from '../routes.ts';

/**
 * The TVA rates a quote line may carry under the régime du réel (code des taxes sur le
 * chiffre d’affaires, art. 21 and 23: normal 19 %, reduced 9 %), and 0 % for what is exempt.
 */
export const VAT_RATES = [19, 9, 0] as const;
export type VatRate = (typeof VAT_RATES)[number];

/**
 * How the agency is taxed, which decides the quote's TVA:
 * - `reel`: TVA per line, at one of VAT_RATES;
 * - `ifu` (impôt forfaitaire unique): no TVA on the quote, and a legal mention instead, in
 *   each language a quote is written in;
 * - `auto-entrepreneur`: no TVA either, and its own mention.
 */
export type TaxRegime =
  | { kind: 'reel' }
  | {
      kind: 'ifu';
      mention: Record<Language, string>;
      /** « 5 », « 12 » (%), from « Réglages ». */ rate?: string;
    }
  | { kind: 'auto-entrepreneur'; mention: Record<Language, string> };

/** Where the client pays by transfer: a bank account (RIB, 20 digits) or a postal one (CCP). */
export type PaymentAccount =
  { kind: 'rib'; bank: string; rib: string } | { kind: 'ccp'; ccp: string; key: string };

/**
 * The seller's legal details a quote must show (raison sociale, forme juridique, adresse du
 * siège, RC, NIF, NIS, article d’imposition, RIB or CCP) and its tax regime. The agency's own
 * are in the content module with its other details (src-web/content), as placeholders until
 * the agency writes its real ones.
 */
export interface SellerLegalDetails {
  /**
   * True while the details are examples, not the agency's: a quote then says so in a band
   * across its top, and no client can take it for a real one.
   */
  placeholder: boolean;
  /** Raison sociale. */
  legalName: string;
  /** Forme juridique (SARL, EURL, SPA, personne physique…), in each language. */
  legalForm: Record<Language, string>;
  /** Adresse du siège, in each language. */
  address: Record<Language, string>;
  /** Numéro du registre du commerce. */
  rc: string;
  /** Numéro d’identification fiscale (15 or 20 digits). */
  nif: string;
  /** Numéro d’identification statistique. */
  nis: string;
  /** Article d’imposition. */
  articleImposition: string;
  account: PaymentAccount;
  /** A second account when « Réglages » gives both a RIB and a CCP (the CCP). */
  secondAccount?: PaymentAccount;
  taxRegime: TaxRegime;
  /** The quote's terms from « Réglages » (absent on quotes sent before them). */
  terms?: QuoteTerms;
}

/** What « Réglages » adds to every quote: payment terms, deposit, delivery time, free mentions. */
export interface QuoteTerms {
  paymentTerms: string;
  /** « 30 » (%); « 0 »: no deposit. */
  depositPercent: string;
  deliveryTime: string;
  mentions: string;
}

/** Whether a regime prints a mention instead of TVA (IFU, auto-entrepreneur). */
export function regimeMention(regime: TaxRegime): Record<Language, string> | null {
  return regime.kind === 'reel' ? null : regime.mention;
}

/** The rates a line may carry under `regime`: IFU quotes carry no TVA. */
export function vatRatesAllowed(regime: TaxRegime): readonly VatRate[] {
  return regime.kind === 'reel' ? VAT_RATES : [0];
}

/** NIF: 15 digits (20 for some taxpayers); spaces are allowed between groups and dropped. */
export function normaliseNif(text: string): string | null {
  const digits = text.replace(/[\s\u00a0\u202f]/gu, '');
  return /^(?:\d{15}|\d{20})$/u.test(digits) ? digits : null;
}

const digitsOnly = (count: number) => (text: string) =>
  new RegExp(`^\\d{${count}}$`, 'u').test(text.replace(/\s/gu, ''));

const text = z.string().trim().min(1, { error: REQUIRED_FIELD });
const bothLanguages = z.object({ fr: text, ar: text });

/**
 * The real details the agency writes in place of the placeholders: checked by the content's
 * test, so that a quote never goes out with a NIF of the wrong length or a RIB short of a digit.
 */
export const sellerLegalDetailsSchema = z.object({
  placeholder: z.literal(false),
  legalName: text,
  legalForm: bothLanguages,
  address: bothLanguages,
  rc: text,
  nif: text.refine((nif) => normaliseNif(nif) !== null, {
    error: 'Le NIF compte 15 ou 20 chiffres.',
  }),
  nis: text.refine((nis) => /^[\d\s]+$/u.test(nis), {
    error: 'Le NIS ne contient que des chiffres.',
  }),
  articleImposition: text.refine((ai) => /^[\d\s]+$/u.test(ai), {
    error: 'L’article d’imposition ne contient que des chiffres.',
  }),
  account: z.discriminatedUnion('kind', [
    z.object({
      kind: z.literal('rib'),
      bank: text,
      rib: text.refine(digitsOnly(20), { error: 'Le RIB compte 20 chiffres.' }),
    }),
    z.object({
      kind: z.literal('ccp'),
      ccp: text.refine((ccp) => /^\d{1,12}$/u.test(ccp), {
        error: 'Le numéro de CCP ne contient que des chiffres.',
      }),
      key: text.refine(digitsOnly(2), { error: 'La clé du CCP compte 2 chiffres.' }),
    }),
  ]),
  taxRegime: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('reel') }),
    z.object({ kind: z.literal('ifu'), mention: bothLanguages }),
    z.object({ kind: z.literal('auto-entrepreneur'), mention: bothLanguages }),
  ]),
});
