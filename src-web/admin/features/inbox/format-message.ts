import { AGENCY_TIME_ZONE, zonedDate } from '../../../../shared/domain/leads/business-hours.ts';

// Every date of the inbox is in Algiers time, whatever the device's time zone, as the
// pipeline judges « today » (shared/domain/leads/agency-clock.ts).
const timeZone = AGENCY_TIME_ZONE;

/**
 * The registration date as a French locale string, in Algiers time, or N/A when it is missing
 * (docs/architecture.md).
 */
export function formatReceivedAt(receivedAt: number | null): string {
  return receivedAt === null ? 'N/A' : new Date(receivedAt).toLocaleString('fr-FR', { timeZone });
}

const timeOfDay = new Intl.DateTimeFormat('fr-FR', {
  hour: '2-digit',
  minute: '2-digit',
  timeZone,
});
const dayAndMonth = new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'short', timeZone });
const numericDate = new Intl.DateTimeFormat('fr-FR', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone,
});

/**
 * The date in a list item on a phone, short as a mail app writes it: the time for today's
 * messages (« 14:32 »), the day for this year's (« 3 juil. »), the full date before
 * (« 28/12/2024 »); N/A when it is missing. The message panel gives the whole date.
 */
export function formatListDate(receivedAt: number | null, now: number = Date.now()): string {
  if (receivedAt === null) return 'N/A';
  const date = zonedDate(receivedAt);
  const today = zonedDate(now);
  if (date.year !== today.year) return numericDate.format(receivedAt);
  if (date.month === today.month && date.day === today.day) return timeOfDay.format(receivedAt);
  return dayAndMonth.format(receivedAt);
}

/** Longest excerpt kept: more than a line holds on the widest screen that shows one. */
const EXCERPT_MAX_LENGTH = 240;

/** The start of a message on one line: its line breaks and runs of spaces become one space. */
export function messageExcerpt(message: string): string {
  const oneLine = message.replace(/\s+/gu, ' ').trim();
  return oneLine.length > EXCERPT_MAX_LENGTH
    ? `${oneLine.slice(0, EXCERPT_MAX_LENGTH).trimEnd()}…`
    : oneLine;
}
