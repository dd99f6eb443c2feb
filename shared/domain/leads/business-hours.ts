/**
 * Time counted in the agency's working hours, Algiers time: those of « Réglages »
 * (`WorkingHours`), by default 08:00 to 20:00 every day of the week (issue 33 counted the
 * nights out, not the weekends). Wall-clock times are `TZDate`s
 * (@date-fns/tz, over the platform's IANA zones; a day past the month's end rolls over as
 * with `Date`): the arithmetic stays right if Algeria ever changes its offset, and no zone
 * conversion is written by hand here.
 */
import { TZDate } from '@date-fns/tz';

export const AGENCY_TIME_ZONE = 'Africa/Algiers';
/** The default working day: from this hour (included) to that one (excluded), local time. */
export const BUSINESS_HOURS = { opens: 8, closes: 20 } as const;

const HOUR_MS = 60 * 60 * 1000;

/** How long a lead may stay « Nouveau », in working time, before the owner is reminded. */
export const STILL_NEW_REMINDER_MS = 2 * HOUR_MS;

export interface ZonedDate {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The wall-clock date and time of an instant in a time zone. */
export function zonedDate(instantMs: number, timeZone = AGENCY_TIME_ZONE): ZonedDate {
  const local = new TZDate(instantMs, timeZone);
  return {
    year: local.getFullYear(),
    month: local.getMonth() + 1,
    day: local.getDate(),
    hour: local.getHours(),
    minute: local.getMinutes(),
    second: local.getSeconds(),
  };
}

/**
 * Working days and hours (docs/inbox.md, « Réglages »): the days of the week (0 is Sunday) and,
 * in minutes after local midnight, the opening (included) and the closing (excluded).
 */
export interface WorkingHours {
  days: readonly number[];
  opensMinute: number;
  closesMinute: number;
}

/** What the rules counted before « Réglages »: every day, 08:00 to 20:00. */
export const EVERY_DAY_HOURS: WorkingHours = {
  days: [0, 1, 2, 3, 4, 5, 6],
  opensMinute: BUSINESS_HOURS.opens * 60,
  closesMinute: BUSINESS_HOURS.closes * 60,
};

/**
 * The working window of the local day an instant falls in, [opens, closes) — empty on a day
 * off — and where the next local day begins.
 */
function windowOf(
  instantMs: number,
  timeZone: string,
  hours: WorkingHours,
): { opens: number; closes: number; nextDay: number } {
  const local = new TZDate(instantMs, timeZone);
  const [year, month, date] = [local.getFullYear(), local.getMonth(), local.getDate()];
  const nextDay = new TZDate(year, month, date + 1, timeZone).getTime();
  const working = hours.days.length === 0 || hours.days.includes(local.getDay());
  if (!working) return { opens: nextDay, closes: nextDay, nextDay };
  return {
    opens: new TZDate(year, month, date, 0, hours.opensMinute, timeZone).getTime(),
    closes: new TZDate(year, month, date, 0, hours.closesMinute, timeZone).getTime(),
    nextDay,
  };
}

/**
 * The instant when `durationMs` of working time will have passed since `startMs`: time
 * outside the working hours and days does not count. A duration that ends exactly at closing
 * ends then.
 */
export function addBusinessTime(
  startMs: number,
  durationMs: number,
  timeZone = AGENCY_TIME_ZONE,
  hours: WorkingHours = EVERY_DAY_HOURS,
): number {
  let at = startMs;
  let remaining = Math.max(0, durationMs);
  for (;;) {
    const { opens, closes, nextDay } = windowOf(at, timeZone, hours);
    if (at < opens) at = opens;
    if (at >= closes) {
      at = nextDay;
      continue;
    }
    if (remaining <= closes - at) return at + remaining;
    remaining -= closes - at;
    at = nextDay;
  }
}

/** How much working time lies between two instants (0 when `endMs` is not after `startMs`). */
export function businessTimeBetween(
  startMs: number,
  endMs: number,
  timeZone = AGENCY_TIME_ZONE,
  hours: WorkingHours = EVERY_DAY_HOURS,
): number {
  let total = 0;
  let at = startMs;
  while (at < endMs) {
    const { opens, closes, nextDay } = windowOf(at, timeZone, hours);
    const from = Math.max(at, opens);
    const to = Math.min(endMs, closes);
    if (to > from) total += to - from;
    at = nextDay;
  }
  return total;
}

/** Whether an instant is within working hours. */
export function isBusinessTime(
  instantMs: number,
  timeZone = AGENCY_TIME_ZONE,
  hours: WorkingHours = EVERY_DAY_HOURS,
): boolean {
  const { opens, closes } = windowOf(instantMs, timeZone, hours);
  return instantMs >= opens && instantMs < closes;
}

/**
 * The instant itself when it falls in working hours, else the next opening: where a proposed
 * « Relancer le » lands (a Friday's proposal moves to Sunday morning under Sunday–Thursday).
 */
export function nextBusinessInstant(
  instantMs: number,
  timeZone = AGENCY_TIME_ZONE,
  hours: WorkingHours = EVERY_DAY_HOURS,
): number {
  return addBusinessTime(instantMs, 0, timeZone, hours);
}

/**
 * When a lead received at `receivedAt` and still « Nouveau » calls for its one reminder: two
 * hours of working time later (a message at 19:30 is due at 09:30 the next working morning).
 */
export function stillNewReminderAt(
  receivedAt: number,
  timeZone = AGENCY_TIME_ZONE,
  hours: WorkingHours = EVERY_DAY_HOURS,
): number {
  return addBusinessTime(receivedAt, STILL_NEW_REMINDER_MS, timeZone, hours);
}

/** The local calendar day of an instant, as `YYYY-MM-DD` (for comparing days). */
export function localDay(instantMs: number, timeZone = AGENCY_TIME_ZONE): string {
  const { year, month, day } = zonedDate(instantMs, timeZone);
  return [
    String(year).padStart(4, '0'),
    String(month).padStart(2, '0'),
    String(day).padStart(2, '0'),
  ].join('-');
}
