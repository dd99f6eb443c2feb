/**
 * A quote's dates are calendar days (ISO `YYYY-MM-DD`, the Algiers calendar), never instants:
 * « valable jusqu’au 26 décembre 2026 » must not move with a time zone.
 */

/** How long a quote stays valid unless the owner says otherwise. */
export const DEFAULT_VALIDITY_DAYS = 30;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/u;

/** Whether `text` is a real calendar day written YYYY-MM-DD. */
export function isIsoDate(text: string): boolean {
  const match = ISO_DATE.exec(text);
  if (match === null) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === text;
}

/** `days` after `issued` (both ISO dates): issued on 2026-11-26, valid 30 days → 2026-12-26. */
export function validUntil(issued: string, days: number = DEFAULT_VALIDITY_DAYS): string {
  if (!isIsoDate(issued)) throw new RangeError(`Date invalide : ${issued}.`);
  if (!Number.isInteger(days) || days < 1) throw new RangeError(`Durée invalide : ${days}.`);
  const [year, month, day] = issued.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** Today's calendar day in Algiers (UTC+1 all year, no summer time). */
export function todayInAlgiers(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Africa/Algiers',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}
