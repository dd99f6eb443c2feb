/**
 * Time counted in the agency's working hours, 08:00 to 20:00 Algiers time, every day of the
 * week (issue 33 counts the nights out, not the weekends). Dates are read in the zone with
 * `Intl` (Node 24 and the browsers have the IANA zones; `Temporal` is not there yet), so the
 * arithmetic stays right if Algeria ever changes its offset.
 */

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

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall-clock date and time of an instant in a time zone. */
export function zonedDate(instantMs: number, timeZone = AGENCY_TIME_ZONE): ZonedDate {
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {};
  for (const part of formatterFor(timeZone).formatToParts(instantMs)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 1970,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

/** The zone's offset from UTC at an instant, in milliseconds (+1 h in Algiers). */
function offsetAt(instantMs: number, timeZone: string): number {
  const local = zonedDate(instantMs, timeZone);
  const asUtc = Date.UTC(
    local.year,
    local.month - 1,
    local.day,
    local.hour,
    local.minute,
    local.second,
  );
  return asUtc - (instantMs - (((instantMs % 1000) + 1000) % 1000));
}

/** The instant a wall-clock time of a day is reached in the zone (`day` may overflow). */
export function zonedInstant(
  date: { year: number; month: number; day: number },
  hour: number,
  timeZone = AGENCY_TIME_ZONE,
): number {
  const guess = Date.UTC(date.year, date.month - 1, date.day, hour);
  // Twice: the offset at the first guess may differ from the offset at the answer.
  const first = guess - offsetAt(guess, timeZone);
  return guess - offsetAt(first, timeZone);
}

/** The working window of the local day an instant falls in: [opens, closes). */
function windowOf(instantMs: number, timeZone: string): { opens: number; closes: number } {
  const local = zonedDate(instantMs, timeZone);
  return {
    opens: zonedInstant(local, BUSINESS_HOURS.opens, timeZone),
    closes: zonedInstant(local, BUSINESS_HOURS.closes, timeZone),
  };
}

/** The opening of the next local day after the one `instantMs` falls in. */
function nextOpening(instantMs: number, timeZone: string): number {
  const local = zonedDate(instantMs, timeZone);
  return zonedInstant({ ...local, day: local.day + 1 }, BUSINESS_HOURS.opens, timeZone);
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
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
