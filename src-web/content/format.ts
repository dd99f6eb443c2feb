/** Formatting of the numbers, prices, dates and counts the site shows, in its two languages. */
import { LOCALES, type LocaleDefinition } from '../../shared/domain/locales.ts';
import type { PluralForms } from './types.ts';

/** A locale of the table (shared/domain/locales.ts) by its `Intl` tag. */
function conventions(locale: string): LocaleDefinition | undefined {
  return (LOCALES as readonly LocaleDefinition[]).find((each) => each.intl === locale);
}

/** The digits of the locale's table row: Latin in both, as Algerians write numbers in Arabic too. */
function numbering(locale: string) {
  return { numberingSystem: conventions(locale)?.numberingSystem ?? 'latn' };
}

function integerFormat(locale: string) {
  return new Intl.NumberFormat(locale, { ...numbering(locale), maximumFractionDigits: 0 });
}

/**
 * « 28 000 DZD » (« 28.000 دج » in Arabic), or the original site's « ????? » when the client
 * chooses the budget.
 */
export function formatPriceDzd(price: number | null, locale = 'fr-FR'): string {
  return price === null
    ? '?????'
    : `${integerFormat(locale).format(price)}\u00a0${conventions(locale)?.dinars ?? 'DZD'}`;
}

/** « 12 mars 2024 » (« 12 مارس 2024 ») from an ISO calendar date (YYYY-MM-DD). */
export function formatDate(isoDate: string, locale = 'fr-FR'): string {
  return new Intl.DateTimeFormat(locale, {
    ...numbering(locale),
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
