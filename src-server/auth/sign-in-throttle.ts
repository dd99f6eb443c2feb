import type { Clock } from '../clock.ts';
import { addressKey } from '../security/address-key.ts';
import { FixedWindowCounter } from '../security/fixed-window.ts';

/**
 * Sign-in throttling after OWASP's Authentication Cheat Sheet (« Protect Against Automated
 * Attacks », « Account Lockout ») and OWASP's « Slow Down Online Guessing Attacks with Device
 * Cookies ». Each limit below says which of their rules it implements.
 *
 * Every attempt is counted when it arrives, before its password is checked: a burst of
 * parallel guesses cannot all slip through while the first ones are being hashed. A success
 * gives its attempt back. A refused attempt is answered at once and never queued, so a burst
 * does not stand between the owner and the password check.
 */
export interface SignInLimits {
  /** The observation window of every counter below (Account Lockout: "observation window"). */
  windowMs: number;
  /**
   * Failures per (account, address) before that pair waits for the end of the window
   * (Account Lockout: "lockout threshold" and "lockout duration"). Scoped to the address so
   * that an attacker elsewhere cannot lock the owner out (Account Lockout: "care must be
   * taken to prevent it from being used to cause a denial of service").
   */
  perAccountAndAddress: number;
  /**
   * Failures per address, all accounts together: one machine cannot spray many accounts.
   * Every per-address limit counts an IPv6 address by its /64 (see addressKey).
   */
  perAddress: number;
  /**
   * Failures per account, from every address, before each further attempt must wait, the
   * wait doubling at each failure up to `slowdown.maxMs`; the count is forgotten a window
   * after the last failure (Account Lockout: "exponential
   * lockout", and the counter "associated with the account itself, rather than the source
   * IP address"). The account is slowed down, never locked.
   */
  perAccountBeforeSlowdown: number;
  slowdown: { initialMs: number; maxMs: number };
  /**
   * Failures allowed from a device the owner already signed in from (device cookie). Such a
   * device escapes the limits above, so that nobody elsewhere can keep the owner from their
   * own browser or console (Device Cookies: "lockout for trusted devices is per device").
   */
  perTrustedDevice: number;
  /**
   * Password checks in flight at once from one address, for attempts from unknown devices:
   * one machine cannot fill the queue of checks, so that nobody else waits behind it.
   */
  maxInFlightPerAddress: number;
  /**
   * Password checks in flight at once from all addresses together, beyond each address's
   * first one: an address with no check in flight is never refused for want of room, so that
   * machines elsewhere, however many checks they keep waiting, cannot keep the owner's new
   * device out (32 addresses, or one IPv6 /64 counted address by address, used to fill it).
   */
  maxUntrustedInFlight: number;
  /**
   * The bound on those first checks (one per address in flight): what waits in memory stays
   * bounded even against that many machines at once.
   */
  maxAddressesInFlight: number;
}

/**
 * The limits from the two settings (SIGN_IN_MAX_FAILURES, SIGN_IN_WINDOW_MINUTES): the
 * owner who mistypes a few times is never held up; a guesser is slowed to about one guess a
 * minute per account, whatever the number of addresses it uses.
 */
export function signInLimits(maxFailures: number, windowMs: number): SignInLimits {
  return {
    windowMs,
    perAccountAndAddress: maxFailures,
    perAddress: 4 * maxFailures,
    perAccountBeforeSlowdown: maxFailures,
    slowdown: { initialMs: 1000, maxMs: 60_000 },
    perTrustedDevice: maxFailures,
    maxInFlightPerAddress: 2,
    maxUntrustedInFlight: 64,
    maxAddressesInFlight: 1024,
  };
}

export interface SignInAttemptKey {
  /** The e-mail address typed, normalised. */
  account: string;
  address: string;
  /** The id of the device cookie when it was issued for this very account, else null. */
  trustedDevice: string | null;
}

/** An admitted attempt: say how its password check ended. */
export interface SignInAttempt {
  /** True when it runs on a trusted device: its password check goes first. */
  readonly trusted: boolean;
  succeeded(): void;
  failed(): void;
}

/**
 * `throttled`: a limit on failures refused it (the account, the address or the pair is being
 * guessed at), not merely the checks already in flight.
 */
export type SignInDecision =
  | { allowed: true; attempt: SignInAttempt }
  | { allowed: false; retryAfterSeconds: number; throttled: boolean };

interface AccountState {
  failures: number;
  windowEndsAtMs: number;
  nextAttemptAtMs: number;
}

function seconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}

export class SignInThrottle {
  readonly #limits: SignInLimits;
  readonly #now: Clock;
  readonly #byPair: FixedWindowCounter;
  readonly #byAddress: FixedWindowCounter;
  readonly #byDevice: FixedWindowCounter;
  readonly #byLinkCheck: FixedWindowCounter;
  readonly #accounts = new Map<string, AccountState>();
  #untrustedInFlight = 0;
  readonly #inFlightByAddress = new Map<string, number>();
  #nextSweepMs = 0;

  constructor(limits: SignInLimits, clock: Clock) {
    this.#limits = limits;
    this.#now = clock;
    this.#byPair = new FixedWindowCounter(limits.windowMs, clock);
    this.#byAddress = new FixedWindowCounter(limits.windowMs, clock);
    this.#byDevice = new FixedWindowCounter(limits.windowMs, clock);
    this.#byLinkCheck = new FixedWindowCounter(limits.windowMs, clock);
  }

  /** Admits an attempt (and counts it) or says how long to wait. */
  begin(key: SignInAttemptKey): SignInDecision {
    if (
      key.trustedDevice !== null &&
      this.#byDevice.peek(key.trustedDevice).count < this.#limits.perTrustedDevice
    ) {
      return { allowed: true, attempt: this.#trustedAttempt(key.trustedDevice) };
    }
    return this.#beginUntrusted(key);
  }

  #trustedAttempt(device: string): SignInAttempt {
    this.#byDevice.hit(device);
    let settled = false;
    return {
      trusted: true,
      succeeded: () => {
        if (settled) return;
        settled = true;
        this.#byDevice.reset(device);
      },
      failed: () => {
        settled = true;
      },
    };
  }

  #beginUntrusted({ account, address: clientAddress }: SignInAttemptKey): SignInDecision {
    const now = this.#now();
    const address = addressKey(clientAddress);
    const pairKey = `${account}\u0000${address}`;
    const pair = this.#byPair.peek(pairKey);
    const byAddress = this.#byAddress.peek(address);
    const state = this.#accountState(account, now);
    const slowedDown =
      state.failures >= this.#limits.perAccountBeforeSlowdown && now < state.nextAttemptAtMs;

    const waits: number[] = [];
    if (pair.count >= this.#limits.perAccountAndAddress) waits.push(pair.retryAfterSeconds);
    if (byAddress.count >= this.#limits.perAddress) waits.push(byAddress.retryAfterSeconds);
    if (slowedDown) waits.push(seconds(state.nextAttemptAtMs - now));
    const throttled = waits.length > 0;
    if (!this.#hasRoom(address)) waits.push(1);
    if (waits.length > 0) {
      return { allowed: false, retryAfterSeconds: Math.max(...waits), throttled };
    }

    // Counted now, as if it failed; a success gives it back.
    this.#byPair.hit(pairKey);
    this.#byAddress.hit(address);
    state.failures += 1;
    state.windowEndsAtMs = now + this.#limits.windowMs;
    const beyond = state.failures - this.#limits.perAccountBeforeSlowdown;
    if (beyond > 0) {
      const { initialMs, maxMs } = this.#limits.slowdown;
      state.nextAttemptAtMs = now + Math.min(maxMs, initialMs * 2 ** (beyond - 1));
    }
    const settle = this.#enterFlight(address);
    return {
      allowed: true,
      attempt: {
        trusted: false,
        succeeded: () => {
          if (!settle()) return;
          this.#byPair.reset(pairKey);
          this.#byAddress.release(address);
          this.#accounts.delete(account);
        },
        failed: () => {
          settle();
        },
      },
    };
  }

  /**
   * Room for one more password check from an unknown device at this address: its own share
   * (2), and room in the shared part. Only an address's further checks compete for the shared
   * room: its first one always finds a place (up to the memory bound), whatever the others
   * keep in flight.
   */
  #hasRoom(address: string): boolean {
    const addressInFlight = this.#inFlightByAddress.get(address) ?? 0;
    if (addressInFlight >= this.#limits.maxInFlightPerAddress) return false;
    if (addressInFlight === 0) {
      return this.#inFlightByAddress.size < this.#limits.maxAddressesInFlight;
    }
    const shared = this.#untrustedInFlight - this.#inFlightByAddress.size;
    return shared < this.#limits.maxUntrustedInFlight;
  }

  /** Counts a check in flight; the function returned ends it (true the first time only). */
  #enterFlight(address: string): () => boolean {
    this.#untrustedInFlight += 1;
    this.#inFlightByAddress.set(address, (this.#inFlightByAddress.get(address) ?? 0) + 1);
    let settled = false;
    return () => {
      if (settled) return false;
      settled = true;
      this.#untrustedInFlight -= 1;
      const left = (this.#inFlightByAddress.get(address) ?? 1) - 1;
      if (left > 0) this.#inFlightByAddress.set(address, left);
      else this.#inFlightByAddress.delete(address);
      return true;
    };
  }

  /**
   * For an attempt refused while `throttled`, from an unknown device: room to check its
   * password after the answer, to e-mail the owner a link if it is right (NewDeviceLinks). The
   * answer never depends on that check, so it tells a guesser nothing; such checks are still
   * bounded, by the same room in flight and to `perAccountAndAddress` per address and window,
   * so that they cost no more than the guesses the throttle lets through. Returns the function
   * to call when the check is over, or null (no room: the check is skipped).
   */
  beginLinkCheck(clientAddress: string): (() => void) | null {
    const address = addressKey(clientAddress);
    if (this.#byLinkCheck.peek(address).count >= this.#limits.perAccountAndAddress) return null;
    if (!this.#hasRoom(address)) return null;
    this.#byLinkCheck.hit(address);
    const settle = this.#enterFlight(address);
    return () => {
      settle();
    };
  }

  #accountState(account: string, now: number): AccountState {
    if (now >= this.#nextSweepMs) {
      // Forget, once a window, the accounts left alone for a whole window: memory stays
      // bounded by the recent attempts.
      this.#nextSweepMs = now + this.#limits.windowMs;
      for (const [name, state] of this.#accounts) {
        if (state.windowEndsAtMs <= now) this.#accounts.delete(name);
      }
    }
    const existing = this.#accounts.get(account);
    if (existing && existing.windowEndsAtMs > now) return existing;
    const fresh = { failures: 0, windowEndsAtMs: now + this.#limits.windowMs, nextAttemptAtMs: 0 };
    this.#accounts.set(account, fresh);
    return fresh;
  }
}
