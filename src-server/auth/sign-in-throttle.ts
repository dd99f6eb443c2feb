import type { Clock } from '../clock.ts';
import { FixedWindowCounter } from '../security/fixed-window.ts';

/**
 * Counts failed sign-ins per account and per client address. Once either reaches the limit
 * within the window, further attempts are refused without checking the password, until the
 * window ends.
 */
export class SignInThrottle {
  readonly #maxFailures: number;
  readonly #byAccount: FixedWindowCounter;
  readonly #byAddress: FixedWindowCounter;

  constructor(maxFailures: number, windowMs: number, clock: Clock) {
    this.#maxFailures = maxFailures;
    this.#byAccount = new FixedWindowCounter(windowMs, clock);
    this.#byAddress = new FixedWindowCounter(windowMs, clock);
  }

  /** Seconds to wait before trying again, or 0 when an attempt is allowed. */
  retryAfterSeconds(account: string, address: string): number {
    let wait = 0;
    for (const state of [this.#byAccount.peek(account), this.#byAddress.peek(address)]) {
      if (state.count >= this.#maxFailures) wait = Math.max(wait, state.retryAfterSeconds);
    }
    return wait;
  }

  recordFailure(account: string, address: string): void {
    this.#byAccount.hit(account);
    this.#byAddress.hit(address);
  }

  recordSuccess(account: string, address: string): void {
    this.#byAccount.reset(account);
    this.#byAddress.reset(address);
  }
}
