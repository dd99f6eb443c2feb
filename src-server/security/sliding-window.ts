import type { Clock } from '../clock.ts';

/**
 * At most `max` events per key within any `windowMs` (a sliding log: no burst at a window's
 * edge). Events are taken for several keys at once, all or none. In memory: a restart forgets
 * them, which is fine for a rate limit; memory stays bounded by the keys of the last window.
 */
export class SlidingWindowLimiter {
  readonly #max: number;
  readonly #windowMs: number;
  readonly #now: Clock;
  readonly #events = new Map<string, number[]>();
  #nextSweepMs = 0;

  constructor(max: number, windowMs: number, clock: Clock) {
    this.#max = max;
    this.#windowMs = windowMs;
    this.#now = clock;
  }

  /**
   * Counts one event for every key and answers 0, or, when one key has had `max` already,
   * counts nothing and answers the seconds until it has room again.
   */
  take(keys: readonly string[]): number {
    const now = this.#now();
    this.#sweep(now);
    let waitMs = 0;
    for (const key of keys) {
      const recent = this.#recent(key, now);
      const oldest = recent[0];
      if (recent.length >= this.#max && oldest !== undefined) {
        waitMs = Math.max(waitMs, oldest + this.#windowMs - now);
      }
    }
    if (waitMs > 0) return Math.max(1, Math.ceil(waitMs / 1000));
    for (const key of keys) {
      const recent = this.#recent(key, now);
      recent.push(now);
      this.#events.set(key, recent);
    }
    return 0;
  }

  /**
   * Gives back the events `take` just counted for these keys: what was taken for a post
   * that then could not be stored must not count against the visitor who tries again.
   */
  giveBack(keys: readonly string[]): void {
    for (const key of keys) this.#events.get(key)?.pop();
  }

  #recent(key: string, now: number): number[] {
    return (this.#events.get(key) ?? []).filter((at) => at > now - this.#windowMs);
  }

  #sweep(now: number): void {
    if (now < this.#nextSweepMs) return;
    this.#nextSweepMs = now + this.#windowMs;
    for (const [key, times] of this.#events) {
      if (times.every((at) => at <= now - this.#windowMs)) this.#events.delete(key);
    }
  }
}
