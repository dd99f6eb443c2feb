/**
 * Time counted in the agency's working hours, 08:00 to 20:00 Algiers time, every day of the
 * week (issue 33 counts the nights out, not the weekends). Wall-clock times are `TZDate`s
 * (@date-fns/tz, over the platform's IANA zones; a day past the month's end rolls over as
 * with `Date`): the arithmetic stays right if Algeria ever changes its offset, and no zone
 * conversion is written by hand here.
 */
import { TZDate } from '@date-fns/tz';

export const AGENCY_TIME_ZONE = 'Africa/Algiers';
/** The working day: from this hour (included) to that one (excluded), local time. */
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

/** The instant a local day (`day` may overflow into the next month) reaches an hour. */
function atHour(local: TZDate, dayOffset: number, hour: number, timeZone: string): number {
  return new TZDate(
    local.getFullYear(),
    local.getMonth(),
    local.getDate() + dayOffset,
    hour,
    timeZone,
  ).getTime();
}

/** The working window of the local day an instant falls in: [opens, closes). */
function windowOf(instantMs: number, timeZone: string): { opens: number; closes: number } {
  const local = new TZDate(instantMs, timeZone);
  return {
    opens: atHour(local, 0, BUSINESS_HOURS.opens, timeZone),
    closes: atHour(local, 0, BUSINESS_HOURS.closes, timeZone),
  };
}

/** The opening of the next local day after the one `instantMs` falls in. */
function nextOpening(instantMs: number, timeZone: string): number {
  return atHour(new TZDate(instantMs, timeZone), 1, BUSINESS_HOURS.opens, timeZone);
}

/**
 * The instant when `durationMs` of working time will have passed since `startMs`: time before
 * 08:00 and from 20:00 on does not count. A duration that ends exactly at closing ends then.
 */
export function addBusinessTime(
  startMs: number,
  durationMs: number,
  timeZone = AGENCY_TIME_ZONE,
): number {
  let at = startMs;
  let remaining = Math.max(0, durationMs);
  for (;;) {
    const { opens, closes } = windowOf(at, timeZone);
    if (at < opens) at = opens;
    if (at >= closes) {
      at = nextOpening(at, timeZone);
      continue;
    }
    if (remaining <= closes - at) return at + remaining;
    remaining -= closes - at;
    at = nextOpening(at, timeZone);
  }
}

/** How much working time lies between two instants (0 when `endMs` is not after `startMs`). */
export function businessTimeBetween(
  startMs: number,
  endMs: number,
  timeZone = AGENCY_TIME_ZONE,
): number {
  let total = 0;
  let at = startMs;
  while (at < endMs) {
    const { opens, closes } = windowOf(at, timeZone);
    const from = Math.max(at, opens);
    const to = Math.min(endMs, closes);
    if (to > from) total += to - from;
    at = nextOpening(at, timeZone);
  }
  return total;
}

/** Whether an instant is within working hours. */
export function isBusinessTime(instantMs: number, timeZone = AGENCY_TIME_ZONE): boolean {
  const { opens, closes } = windowOf(instantMs, timeZone);
  return instantMs >= opens && instantMs < closes;
}

/**
 * When a lead received at `receivedAt` and still « Nouveau » calls for its one reminder: two
 * hours of working time later (a message at 19:30 is due at 09:30 the next morning).
 */
export function stillNewReminderAt(receivedAt: number, timeZone = AGENCY_TIME_ZONE): number {
  return addBusinessTime(receivedAt, STILL_NEW_REMINDER_MS, timeZone);
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
