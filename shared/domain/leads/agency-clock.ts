/**
 * The dashboard's dates in the agency's wall-clock time, Africa/Algiers, whatever the time zone
 * of the device that shows them (docs/inbox.md, « L’heure d’Alger ») : « À relancer
 * aujourd’hui », « En retard » and the reminders are judged in Algiers time
 * (`follow-up.ts`, `business-hours.ts`), so a laptop set to Paris or UTC must show and take
 * « Relancer le » in Algiers time too, or the owner would set 09:00 and be reminded at 08:00.
 * Conversions go through `TZDate` (@date-fns/tz) and `Intl`: none is written by hand.
 */
import { TZDate } from '@date-fns/tz';
import { AGENCY_TIME_ZONE, zonedDate } from './business-hours.ts';

const pad = (n: number) => String(n).padStart(2, '0');

/** Said under every date and time the owner enters. */
export const AGENCY_TIME_HINT = 'Heure d’Alger.';

const dateAndTime = new Intl.DateTimeFormat('fr-FR', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: AGENCY_TIME_ZONE,
});

/** A date and time as « Suivi » writes them, in Algiers time: « 28 nov. 2026, 17:40 ». */
export function formatAgencyDateTime(instant: number): string {
  return dateAndTime.format(instant);
}

/** An instant as a `datetime-local` value (`2026-11-28T17:40`), in Algiers time. */
export function toAgencyInput(instant: number, timeZone = AGENCY_TIME_ZONE): string {
  const { year, month, day, hour, minute } = zonedDate(instant, timeZone);
  return `${year}-${pad(month)}-${pad(day)}T${pad(hour)}:${pad(minute)}`;
}

const INPUT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/u;

/**
 * The instant a `datetime-local` value names, read as Algiers time; NaN for anything else
 * (a day or an hour that does not exist included).
 */
export function fromAgencyInput(value: string, timeZone = AGENCY_TIME_ZONE): number {
  const match = INPUT.exec(value);
  if (!match) return Number.NaN;
  const part = (index: number) => Number(match[index] ?? 0);
  const [year, month, day, hour, minute, second] = [1, 2, 3, 4, 5, 6].map(part);
  if (
    year === undefined ||
    month === undefined ||
    day === undefined ||
    hour === undefined ||
    minute === undefined ||
    second === undefined
  ) {
    return Number.NaN;
  }
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) {
    return Number.NaN;
  }
  const local = new TZDate(year, month - 1, day, hour, minute, second, timeZone);
  // A day past the month's end rolls over in `TZDate` as in `Date`: refuse it instead.
  if (local.getDate() !== day) return Number.NaN;
  return local.getTime();
}

/** The instant an Algiers day (`2026-11-28`) begins; NaN if it is not a day. */
export function agencyDayStart(day: string, timeZone = AGENCY_TIME_ZONE): number {
  return fromAgencyInput(`${day}T00:00`, timeZone);
}

/** The instant the Algiers day after `day` begins: where a period ending on `day` stops. */
export function agencyDayEnd(day: string, timeZone = AGENCY_TIME_ZONE): number {
  const start = agencyDayStart(day, timeZone);
  if (Number.isNaN(start)) return start;
  const local = new TZDate(start, timeZone);
  return new TZDate(local.getFullYear(), local.getMonth(), local.getDate() + 1, timeZone).getTime();
}
