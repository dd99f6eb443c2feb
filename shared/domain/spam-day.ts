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
