/** Formatting of the numbers, prices, dates and counts the site shows, in its two languages. */
import type { PluralForms } from './types.ts';

/** Latin digits in both languages, as Algerians write numbers in Arabic too. */
const NUMBERING = { numberingSystem: 'latn' } as const;

function integerFormat(locale: string) {
  return new Intl.NumberFormat(locale, { ...NUMBERING, maximumFractionDigits: 0 });
}

/** The currency's name after the amount, as each language writes it. */
const DINARS: Record<string, string> = { 'fr-FR': 'DZD', 'ar-DZ': 'دج' };

/**
 * « 28 000 DZD » (« 28.000 دج » in Arabic), or the original site's « ????? » when the client
 * chooses the budget.
 */
export function formatPriceDzd(price: number | null, locale = 'fr-FR'): string {
  return price === null
    ? '?????'
    : `${integerFormat(locale).format(price)}\u00a0${DINARS[locale] ?? 'DZD'}`;
}

/** « 12 mars 2024 » (« 12 مارس 2024 ») from an ISO calendar date (YYYY-MM-DD). */
export function formatDate(isoDate: string, locale = 'fr-FR'): string {
  return new Intl.DateTimeFormat(locale, {
    ...NUMBERING,
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${isoDate}T00:00:00Z`));
}

/** « 12 mars 2024 » from an ISO calendar date (YYYY-MM-DD). */
export function formatFrenchDate(isoDate: string): string {
  return formatDate(isoDate);
}

/**
 * A count in a sentence, with the wording of its plural category in the language (Arabic has
 * six: « زبون واحد », « زبونان », « 3 زبائن », « 11 زبونًا », « 100 زبون »…).
 */
export function formatCount(count: number, forms: PluralForms, locale = 'fr-FR'): string {
  const category = new Intl.PluralRules(locale).select(count);
  return (forms[category] ?? forms.other).replace('{n}', integerFormat(locale).format(count));
}

/** « 0550 12 34 56 » → « tel:+213550123456 ». */
export function telHref(e164: string): string {
  return `tel:${e164.replace(/[^\d+]/g, '')}`;
}
