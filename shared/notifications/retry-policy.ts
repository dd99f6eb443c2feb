/**
 * When a notification of a new message is tried again and when it is given up on, for both
 * backends (the embedded server's outbox, the Cloud Function) and for the dashboard that says
 * so. Apart from delivery.ts so that the dashboard reads it without the e-mail's code.
 */

/**
 * When to try again: the first retry within 15 s or so, then twice as long each time up to
 * `maxDelayMs`; `giveUpAfterMs` after the message, the notification is given up on (and the
 * dashboard says so).
 */
export interface RetryPolicy {
  firstDelayMs: number;
  maxDelayMs: number;
  giveUpAfterMs: number;
}

/** The embedded server's outbox: it keeps trying for 3 days (a long weekend's outage). */
export const OUTBOX_RETRY_POLICY: RetryPolicy = {
  firstDelayMs: 15_000,
  maxDelayMs: 10 * 60_000,
  giveUpAfterMs: 3 * 24 * 3600_000,
};

/**
 * The Cloud Function gives up (and says so) on an event this old. Cloud Functions stops
 * retrying an event 24 hours after it, silently: giving up an hour before is the last moment
 * the give-up can still be recorded. Its back-off is Cloud Functions' own.
 */
export const FUNCTION_GIVE_UP_AFTER_MS = 23 * 3600_000;

/** Whether a notification first due at `sinceMs` and still failing at `nowMs` is given up. */
export function givesUp(sinceMs: number, nowMs: number, giveUpAfterMs: number): boolean {
  return nowMs - sinceMs >= giveUpAfterMs;
}

/**
 * The wait before attempt `failures + 1`, after `failures` failed ones (1 or more). ±20 %
 * at random, so that notifications that failed together do not all retry at the same instant.
 */
export function retryDelayMs(
  failures: number,
  policy: RetryPolicy,
  random: () => number = Math.random,
): number {
  const exponential = policy.firstDelayMs * 2 ** Math.min(failures - 1, 30);
  const jittered = Math.min(policy.maxDelayMs, exponential) * (0.8 + 0.4 * random());
  return Math.round(Math.min(policy.maxDelayMs, jittered));
}

/** « 3 jours », « 23 heures »: how long a notification is tried, for a sentence. */
export function giveUpSpan(giveUpAfterMs: number): string {
  const plural = (count: number, unit: string) => `${count} ${unit}${count > 1 ? 's' : ''}`;
  const minutes = Math.round(giveUpAfterMs / 60_000);
  if (minutes < 60) return plural(Math.max(1, minutes), 'minute');
  const hours = Math.round(minutes / 60);
  return hours % 24 === 0 ? plural(hours / 24, 'jour') : plural(hours, 'heure');
}

/** The French line logged when a notification is given up on. */
export function givenUpLine(giveUpAfterMs: number, error: string): string {
  return `Notification abandonnée après ${giveUpSpan(giveUpAfterMs)} d’erreurs : ${error}`;
}
