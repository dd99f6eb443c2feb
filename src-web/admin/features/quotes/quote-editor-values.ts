import { z } from 'zod';
import type { ContactMessage } from '../../../../shared/domain/contact.ts';
import { displayPhone } from '../../../../shared/domain/phone.ts';
import { parseScaledDecimal } from '../../../../shared/domain/quotes/money.ts';
import type { Quote } from '../../../../shared/domain/quotes/record.ts';
import {
  quoteClientNameOfLead,
  quoteDraftSchemaFor,
  type QuoteDraftInput,
  type QuoteLanguage,
  type QuoteLine,
} from '../../../../shared/domain/quotes/quote.ts';
import {
  vatRatesAllowed,
  VAT_RATES,
  type TaxRegime,
  type VatRate,
} from '../../../../shared/domain/quotes/seller.ts';
import { computeQuoteTotals, type QuoteTotals } from '../../../../shared/domain/quotes/totals.ts';
import {
  DEFAULT_VALIDITY_DAYS,
  todayInAlgiers,
} from '../../../../shared/domain/quotes/validity.ts';
import { catalogueFor } from '../../../content/catalogues.ts';
import type { Plan } from '../../../content/types.ts';

/** One line as the owner types it: text everywhere, read exactly by the domain's schema. */
export interface LineValues {
  designation: string;
  quantity: string;
  unit: string;
  unitPrice: string;
  /** Empty means no discount. */
  discount: string;
  /** '19', '9' or '0' (a select's value). */
  vatRate: string;
}

export type ClientKind = 'particulier' | 'entreprise';

/**
 * What the editor's form holds. The client keeps the fields of both kinds, so that switching
 * between particulier and entreprise loses nothing typed; only the chosen kind's are checked
 * and saved.
 */
export interface QuoteEditorValues {
  language: QuoteLanguage;
  /** The day the quote would go out (today, in Algiers): the store sets it when it is sent. */
  issueDate: string;
  validityDays: string;
  client: {
    kind: ClientKind;
    lastName: string;
    firstName: string;
    legalName: string;
    address: string;
    rc: string;
    nif: string;
    nis: string;
    articleImposition: string;
    /** As typed (« 0550 12 34 56 »); the schema keeps it in E.164. Empty: none. */
    phone: string;
  };
  /** Where « Envoyer au client » e-mails the link (the lead's address to begin with). */
  email: string;
  lines: LineValues[];
  paidInCash: boolean;
}

/** What a quote's editor and an invoice without a quote both hold: the client and the lines. */
export type ClientAndLines = Pick<QuoteEditorValues, 'client' | 'lines'>;

export function emptyLine(regime: TaxRegime): LineValues {
  return {
    designation: '',
    quantity: '1',
    unit: '',
    unitPrice: '',
    discount: '',
    vatRate: String(vatRatesAllowed(regime)[0] ?? 0),
  };
}

/** The unit of a plan's line: a month for the monthly plans, else a flat fee. */
const PLAN_UNIT: Record<'monthly' | 'flat', Record<QuoteLanguage, string>> = {
  monthly: { fr: 'mois', ar: 'شهر' },
  flat: { fr: 'forfait', ar: 'جزافي' },
};

/**
 * The price card a lead came from, if any: the contact form's subject is then the plan's
 * title and price (services-page.tsx, `OrderLink`: « Site statique — 28 000 DZD »), in the
 * language of the page it was sent from.
 */
export function planOfLead(message: Pick<ContactMessage, 'subject' | 'language'>): Plan | null {
  const { plans } = catalogueFor(message.language);
  const subject = message.subject.trim();
  return plans.find((plan) => subject.startsWith(`${plan.title} — `)) ?? null;
}

/**
 * A stored phone (E.164) as the owner would type it: « 0550123456 », « +33 6 12 34 56 78 »;
 * none (a lead typed in with an e-mail only), empty.
 */
function typedPhone(stored: string | null): string {
  return stored === null || stored.trim() === '' ? '' : displayPhone(stored);
}

/** A new quote for a lead: its name, e-mail, phone and language, and its plan when it chose one. */
export function valuesForLead(
  message: Pick<ContactMessage, 'fullName' | 'email' | 'phone' | 'language' | 'subject'>,
  regime: TaxRegime,
  today: string = todayInAlgiers(),
): QuoteEditorValues {
  const plan = planOfLead(message);
  const language = message.language;
  const line = emptyLine(regime);
  if (plan) {
    line.designation = plan.title;
    line.unit = PLAN_UNIT[/mois|شهري/u.test(plan.priceUnit) ? 'monthly' : 'flat'][language];
    if (plan.priceDzd !== null) line.unitPrice = String(plan.priceDzd);
  }
  return {
    language,
    issueDate: today,
    validityDays: String(DEFAULT_VALIDITY_DAYS),
    client: {
      kind: 'particulier',
      ...quoteClientNameOfLead(message.fullName),
      legalName: '',
      address: '',
      rc: '',
      nif: '',
      nis: '',
      articleImposition: '',
      phone: typedPhone(message.phone),
    },
    email: message.email ?? '',
    lines: [line],
    paidInCash: false,
  };
}

/**
 * A draft as the store takes it (`QuoteDraftFields`): the schema's input, what the owner typed,
 * of the chosen kind of client, without the date of issue, which the store sets (the day the
 * quote is sent).
 */
export type QuoteDraftFields = Omit<QuoteDraftInput, 'issueDate'>;

/** The client as the stores take it: the chosen kind's fields, as typed. */
export function clientFieldsOf(client: QuoteEditorValues['client']): QuoteDraftFields['client'] {
  return client.kind === 'particulier'
    ? {
        kind: 'particulier',
        lastName: client.lastName,
        firstName: client.firstName,
        address: client.address,
        phone: client.phone,
      }
    : {
        kind: 'entreprise',
        legalName: client.legalName,
        address: client.address,
        rc: client.rc,
        nif: client.nif,
        nis: client.nis,
        articleImposition: client.articleImposition,
        phone: client.phone,
      };
}

/** The lines as the stores take them: as typed, the rate a number, no empty discount. */
export function lineFieldsOf(lines: readonly LineValues[]): QuoteDraftFields['lines'] {
  return lines.map((line) => ({
    designation: line.designation,
    quantity: line.quantity,
    unit: line.unit,
    unitPrice: line.unitPrice,
    ...(line.discount.trim() === '' ? {} : { discount: line.discount }),
    vatRate: Number(line.vatRate) as VatRate,
  }));
}

/** What the store reads from the form: the chosen kind's client, numbers as numbers. */
export function draftFieldsOf(values: QuoteEditorValues): QuoteDraftFields {
  const days = values.validityDays.trim();
  return {
    language: values.language,
    validityDays: /^\d+$/u.test(days) ? Number(days) : Number.NaN,
    client: clientFieldsOf(values.client),
    lines: lineFieldsOf(values.lines),
    paidInCash: values.paidInCash,
  };
}

/** The e-mail the link goes to: empty, or an address. */
const emailSchema = z.union([
  z.literal(''),
  z.email({ error: 'Saisissez une adresse e-mail valide, par exemple client@exemple.dz.' }),
]);

/**
 * The editor's check: the domain's schema (shared/domain/quotes/quote.ts, its French messages
 * under each field, keyed like the form: `client.nif`, `lines.0.quantity`), the one the store
 * applies again, over what the form holds; and the e-mail.
 */
export function quoteEditorSchema(regime: TaxRegime) {
  const draft = quoteDraftSchemaFor(regime);
  return z.object({ email: z.string().trim().pipe(emailSchema) }).and(
    z.preprocess(
      (values) => ({
        ...draftFieldsOf(values as QuoteEditorValues),
        issueDate: (values as QuoteEditorValues).issueDate,
      }),
      draft,
    ),
  );
}

/** What the editor hands over once every field is right: the draft as typed, the e-mail. */
export interface QuoteEditorResult {
  fields: QuoteDraftFields;
  email: string;
  /** « Enregistrer et envoyer »: send it once saved. */
  send: boolean;
}

/**
 * The totals of what is typed so far, for the editor's live summary: a line not yet readable
 * (price empty, quantity being typed) counts for nothing until it is; a rate the regime does
 * not allow counts as none (its error is under its field).
 */
export function liveTotals(
  lines: readonly LineValues[],
  paidInCash: boolean,
  regime: TaxRegime,
): QuoteTotals {
  const allowed = vatRatesAllowed(regime);
  const priced = lines.map((line): Omit<QuoteLine, 'designation' | 'unit'> => {
    const quantity = parseScaledDecimal(line.quantity, 3);
    const unitPrice = parseScaledDecimal(line.unitPrice, 2);
    const discount = line.discount.trim() === '' ? 0n : parseScaledDecimal(line.discount, 2);
    const rate = VAT_RATES.find((known) => String(known) === line.vatRate);
    const readable =
      quantity !== null && unitPrice !== null && discount !== null && discount <= 10_000n;
    return {
      quantityMilli: readable ? quantity : 0n,
      unitPrice: readable ? unitPrice : 0n,
      discountBasisPoints: readable ? discount : 0n,
      vatRate: rate !== undefined && allowed.includes(rate) ? rate : (0 satisfies VatRate),
    };
  });
  return computeQuoteTotals(priced, { regime, paidInCash });
}

/** A scaled integer as the owner would type it: 1500n, 3 → « 1,5 »; 2_800_000n, 2 → « 28000 ». */
function typedScaled(value: bigint, decimals: number): string {
  const scale = 10n ** BigInt(decimals);
  const fraction = String(value % scale)
    .padStart(decimals, '0')
    .replace(/0+$/u, '');
  return fraction === '' ? String(value / scale) : `${value / scale},${fraction}`;
}

/** A draft to edit again, as the form holds it; `email` is where it will be sent. */
export function valuesFromQuote(
  quote: Pick<Quote, 'language' | 'issueDate' | 'validityDays' | 'client' | 'lines' | 'paidInCash'>,
  email: string,
): QuoteEditorValues {
  const { client } = quote;
  return {
    language: quote.language,
    issueDate: quote.issueDate,
    validityDays: String(quote.validityDays),
    client: {
      kind: client.kind,
      lastName: client.kind === 'particulier' ? client.lastName : '',
      firstName: client.kind === 'particulier' ? client.firstName : '',
      legalName: client.kind === 'entreprise' ? client.legalName : '',
      address: client.address,
      rc: client.kind === 'entreprise' ? client.rc : '',
      nif: client.kind === 'entreprise' ? client.nif : '',
      nis: client.kind === 'entreprise' ? client.nis : '',
      articleImposition: client.kind === 'entreprise' ? client.articleImposition : '',
      phone: typedPhone(client.phone),
    },
    email,
    lines: quote.lines.map((line) => ({
      designation: line.designation,
      quantity: typedScaled(line.quantityMilli, 3),
      unit: line.unit,
      unitPrice: typedScaled(line.unitPrice, 2),
      discount: line.discountBasisPoints === 0n ? '' : typedScaled(line.discountBasisPoints, 2),
      vatRate: String(line.vatRate),
    })),
    paidInCash: quote.paidInCash,
  };
}
