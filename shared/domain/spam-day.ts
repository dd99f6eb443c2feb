import type { SpamReason } from './contact.ts';
import { AGENCY_TIME_ZONE, localDay } from './leads/business-hours.ts';

/**
 * A message kept as spam as the counts below read it. One the owner marked
 * (« Marquer comme indésirable », reason `owner`) is not counted: the counts are there to catch
 * a real lead the filters took, and the owner knows what they marked.
 */
type KeptSpam = { receivedAt: number | null; spamReason?: SpamReason | undefined };

function keptByTheFilters(message: KeptSpam): boolean {
  return message.spamReason !== 'owner';
}

/**
 * How many messages were kept as spam (« Indésirables ») on the Algiers day `day`
 * (`YYYY-MM-DD`): those received that day and still kept. The dashboard's « Aujourd’hui » says
 * it, so that a real lead caught by the filters (a form filled in under 3 s by a browser's
 * autofill) is seen within the day.
 */
export function keptAsSpamOn(
  spam: readonly KeptSpam[],
  day: string,
  timeZone = AGENCY_TIME_ZONE,
): number {
  let count = 0;
  for (const message of spam) {
    if (
      keptByTheFilters(message) &&
      message.receivedAt !== null &&
      localDay(message.receivedAt, timeZone) === day
    ) {
      count += 1;
    }
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
export function keptAsSpamForDigest(spam: readonly KeptSpam[], nowMs: number): number {
  let count = 0;
  for (const message of spam) {
    const at = message.receivedAt;
    if (
      keptByTheFilters(message) &&
      at !== null &&
      at > nowMs - DIGEST_SPAM_WINDOW_MS &&
      at <= nowMs
    )
      count += 1;
  }
  return count;
}
