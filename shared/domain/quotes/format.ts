import type { Centimes } from './money.ts';
import { splitDinars } from './money.ts';
import { DEFAULT_LANGUAGE, localeOf } from '../routes.ts';

/**
 * Amounts, quantities and rates as the printed quote writes them, in both languages: Latin
 * digits, thousands grouped by a narrow no-break space (U+202F) and a decimal comma,
 * « 120 000,00 ». That space is a « common separator » for the Unicode bidirectional
 * algorithm, like the comma: between two digits it belongs to the number, so an Arabic page
 * never shows « 000,00 120 ». (An ordinary space, or the no-break space U+00A0, is a
 * neutral: in a right-to-left line it splits the number into two runs shown in reverse.)
 * The grouping is the first locale's (French, shared/domain/locales.ts) in every language.
 */
const NUMBERS_LOCALE = localeOf(DEFAULT_LANGUAGE).intl;

const AMOUNT = new Intl.NumberFormat(NUMBERS_LOCALE, {
  numberingSystem: 'latn',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

const DECIMAL = new Intl.NumberFormat(NUMBERS_LOCALE, {
  numberingSystem: 'latn',
  maximumFractionDigits: 3,
});

/** 12_000_050n → « 120 000,50 » (exact: the amount goes to Intl as a decimal string). */
export function formatCentimes(amount: Centimes): string {
  const { dinars, centimes } = splitDinars(amount);
  return AMOUNT.format(`${dinars}.${String(centimes).padStart(2, '0')}` as `${number}`);
}

/** A value scaled by 10^decimals (1500n, 3 → « 1,5 »). */
export function formatScaled(value: bigint, decimals: number): string {
  const scale = 10n ** BigInt(decimals);
  const fraction = String(value % scale).padStart(decimals, '0');
  return DECIMAL.format(`${value / scale}.${fraction}` as `${number}`);
}

/** « 26 décembre 2026 », « 26 ديسمبر 2026 » from an ISO calendar day. */
export function formatQuoteDate(isoDate: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, {
    numberingSystem: 'latn',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${isoDate}T00:00:00Z`));
}
