import type { Clock } from '../clock.ts';

export interface WindowState {
  /** Hits counted in the current window, this one included. */
  count: number;
  /** Seconds until the window ends (at least 1). */
  retryAfterSeconds: number;
}

interface Entry {
  count: number;
  endsAtMs: number;
}

/**
 * Counts hits per key in fixed windows, in memory. A restart forgets the counts, which is
 * fine for a rate limit. Expired entries are swept once a window, so memory stays bounded
 * by the keys seen in the last window.
 */
export class FixedWindowCounter {
  readonly #windowMs: number;
  readonly #now: Clock;
  readonly #entries = new Map<string, Entry>();
  #nextSweepMs = 0;

  constructor(windowMs: number, now: Clock = Date.now) {
    this.#windowMs = windowMs;
    this.#now = now;
  }

  /** Counts one hit for `key`. */
  hit(key: string): WindowState {
    const now = this.#now();
    this.#sweep(now);
    let entry = this.#entries.get(key);
    if (!entry || entry.endsAtMs <= now) {
      entry = { count: 0, endsAtMs: now + this.#windowMs };
      this.#entries.set(key, entry);
    }
    entry.count += 1;
    return { count: entry.count, retryAfterSeconds: this.#retryAfter(entry, now) };
  }

  /** The state of `key` without counting a hit. */
  peek(key: string): WindowState {
    const now = this.#now();
    const entry = this.#entries.get(key);
    if (!entry || entry.endsAtMs <= now) return { count: 0, retryAfterSeconds: 0 };
    return { count: entry.count, retryAfterSeconds: this.#retryAfter(entry, now) };
  }

  /** Takes one hit back (a request counted in advance that turned out fine). */
  release(key: string): void {
    const entry = this.#entries.get(key);
    if (entry && entry.count > 0) entry.count -= 1;
  }

  reset(key: string): void {
    this.#entries.delete(key);
  }

  #retryAfter(entry: Entry, now: number): number {
    return Math.max(1, Math.ceil((entry.endsAtMs - now) / 1000));
  }

  #sweep(now: number): void {
    if (now < this.#nextSweepMs) return;
    this.#nextSweepMs = now + this.#windowMs;
    for (const [key, entry] of this.#entries) {
      if (entry.endsAtMs <= now) this.#entries.delete(key);
    }
  }
}
