import { AGENCY_TIME_ZONE, localDay } from './leads/business-hours.ts';

/**
 * How many messages were kept as spam (« Indésirables ») on the Algiers day `day`
 * (`YYYY-MM-DD`): those received that day and still kept. The dashboard's « Aujourd’hui » says
 * it, so that a real lead caught by the filters (a form filled in under 3 s by a browser's
 * autofill) is seen within the day.
 */
export function keptAsSpamOn(
  spam: readonly { receivedAt: number | null }[],
  day: string,
  timeZone = AGENCY_TIME_ZONE,
): number {
  let count = 0;
  for (const message of spam) {
    if (message.receivedAt !== null && localDay(message.receivedAt, timeZone) === day) count += 1;
  }
  return count;
}

/** The window the daily digest counts spam over: the 24 hours before it goes out. */
export const DIGEST_SPAM_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * How many messages were kept as spam in the 24 hours up to `nowMs` (received in them and
 * still kept): what the daily digest counts, with a link to « Indésirables », so that a real
 * lead caught by the filters is seen within a day even though the digest goes out at 08:00.
 */
export function keptAsSpamForDigest(
  spam: readonly { receivedAt: number | null }[],
  nowMs: number,
): number {
  let count = 0;
  for (const message of spam) {
    const at = message.receivedAt;
    if (at !== null && at > nowMs - DIGEST_SPAM_WINDOW_MS && at <= nowMs) count += 1;
  }
  return count;
}
