import { TZDate } from '@date-fns/tz';
import { AGENCY_TIME_ZONE, localDay } from './business-hours.ts';

/**
 * When the daily digest goes out (docs/inbox.md, « Le résumé quotidien »): a time of day,
 * Algiers time, `HH:MM` (08:00 by default), or `off`. One setting, DIGEST_TIME, read by both
 * backends (src-server/config.ts, functions/src/params.ts) and shown on the dashboard.
 */
export const DEFAULT_DIGEST_TIME = '08:00';
export const DIGEST_OFF = 'off';
export const DIGEST_TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
/** What the configuration says when DIGEST_TIME is neither a time nor `off`. */
export const DIGEST_TIME_ERROR =
  'DIGEST_TIME doit être une heure d’Alger au format HH:MM (08:00 par défaut), ou off pour ne plus recevoir le résumé quotidien.';

export interface DigestTime {
  hour: number;
  minute: number;
}

/** The setting read: a time, or null when the digest is off; undefined when it is neither. */
export function parseDigestTime(value: string | undefined): DigestTime | null | undefined {
  const text = (value ?? '').trim() || DEFAULT_DIGEST_TIME;
  if (text.toLowerCase() === DIGEST_OFF) return null;
  if (!DIGEST_TIME_PATTERN.test(text)) return undefined;
  const [hour = 0, minute = 0] = text.split(':').map(Number);
  return { hour, minute };
}

/**
 * The setting as the scheduler uses it: a time, or null when the digest is off. A value that
 * is neither (which the server's configuration refuses at start) counts as 08:00. `off` must
 * stay null here: `parseDigestTime(v) ?? default` would turn it back into 08:00.
 */
export function digestTimeSetting(value: string | undefined): DigestTime | null {
  const time = parseDigestTime(value);
  return time === undefined ? (parseDigestTime(DEFAULT_DIGEST_TIME) ?? null) : time;
}

/** « 08:00 ». */
export function formatDigestTime({ hour, minute }: DigestTime): string {
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

/**
 * The day whose digest is due at `nowMs` (its Algiers date, YYYY-MM-DD), or null: none when
 * it is off, before its time of the day, or when that day's was already decided (`lastDay`).
 * A server that was down at 08:00 sends it when it comes back, the same day; a day it missed
 * entirely is not sent late.
 */
export function digestDayDue(
  nowMs: number,
  time: DigestTime | null,
  lastDay: string | null,
  timeZone = AGENCY_TIME_ZONE,
): string | null {
  if (time === null) return null;
  const local = new TZDate(nowMs, timeZone);
  const at = new TZDate(
    local.getFullYear(),
    local.getMonth(),
    local.getDate(),
    time.hour,
    time.minute,
    timeZone,
  ).getTime();
  const day = localDay(nowMs, timeZone);
  return nowMs >= at && day !== lastDay ? day : null;
}
