import { randomBytes } from 'node:crypto';
import type { Clock } from '../clock.ts';
import type { TrustedDevicesRepository } from '../db/trusted-devices-repository.ts';
import { hashToken, normaliseEmail } from './session-service.ts';

/** A device stays trusted this long after its last successful sign-in. */
export const TRUSTED_DEVICE_LIFETIME_MS = 365 * 24 * 3_600_000;

/**
 * The browsers and consoles the owner has signed in from, recognised by a long-lived
 * HttpOnly cookie (OWASP's « Slow Down Online Guessing Attacks with Device Cookies »). The
 * cookie proves nothing by itself: it only spares its device the slow-down that sign-in
 * attempts from unknown devices get while the account is under attack.
 */
export class TrustedDevices {
  readonly #repository: TrustedDevicesRepository;
  readonly #clock: Clock;

  constructor(repository: TrustedDevicesRepository, clock: Clock) {
    this.#repository = repository;
    this.#clock = clock;
  }

  /** The device's id when `token` was issued to this very account, else null. */
  recognise(token: string | undefined, account: string): string | null {
    if (!token || token.length > 100) return null;
    const idHash = hashToken(token);
    const email = this.#repository.emailFor(idHash, this.#clock() - TRUSTED_DEVICE_LIFETIME_MS);
    return email !== undefined && normaliseEmail(email) === account ? idHash : null;
  }

  /** After a successful sign-in: the known device is kept another year. */
  renew(idHash: string): void {
    this.#repository.touch(idHash, this.#clock());
  }

  /** After a successful sign-in from an unknown device: the value of its new cookie. */
  issue(adminId: number): string {
    const now = this.#clock();
    this.#repository.deleteUnusedSince(now - TRUSTED_DEVICE_LIFETIME_MS);
    const token = randomBytes(32).toString('base64url');
    this.#repository.add(hashToken(token), adminId, now);
    return token;
  }
}
