/** French formatting of the numbers and dates the site shows. */

const integer = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });
const longDate = new Intl.DateTimeFormat('fr-FR', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** « 28 000 DZD », or the original site's « ????? » when the client chooses the budget. */
export function formatPriceDzd(price: number | null): string {
  return price === null ? '?????' : `${integer.format(price)}\u00a0DZD`;
}

/** « 12 mars 2024 » from an ISO calendar date (YYYY-MM-DD). */
export function formatFrenchDate(isoDate: string): string {
  return longDate.format(new Date(`${isoDate}T00:00:00Z`));
}

/** « 0550 12 34 56 » → « tel:+213550123456 ». */
export function telHref(e164: string): string {
  return `tel:${e164.replace(/[^\d+]/g, '')}`;
}
