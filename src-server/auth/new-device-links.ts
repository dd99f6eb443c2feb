import { randomBytes } from 'node:crypto';
import type { Clock } from '../clock.ts';
import type { AdminRecord, AdminsRepository } from '../db/admins-repository.ts';
import type { OneTimeLinksRepository } from '../db/one-time-links-repository.ts';
import { composeNewDeviceEmail, NEW_DEVICE_LINK, newDeviceLink } from './new-device-email.ts';
import { hashToken } from './session-service.ts';

/** Sends one e-mail (nodemailer in app.ts); rejects when the SMTP server refused it. */
export type SendEmail = (email: {
  to: string;
  subject: string;
  text: string;
  html: string;
}) => Promise<void>;

/** A browser’s own random value, kept in its HttpOnly `device-link` cookie (session-routes.ts). */
const NONCE = /^[\w-]{43}$/;

export function isBrowserNonce(value: string | undefined): value is string {
  return value !== undefined && NONCE.test(value);
}

export function newBrowserNonce(): string {
  return randomBytes(32).toString('base64url');
}

/** A name under .localhost is never delivered. */
function isDeliverable(email: string): boolean {
  return !/\.localhost$/i.test(email.trim());
}

/**
 * The link e-mailed when the right password comes from an unknown device while the account is
 * throttled (what GitHub does for an unrecognised device): it signs that browser in and makes
 * it a trusted device. It works 15 minutes, once, and only in the browser that typed the
 * password: the table keeps the SHA-256 of the token joined to that browser's nonce (an
 * HttpOnly cookie set with the answer), so a link read, forwarded or intercepted elsewhere
 * signs nobody in. At most one e-mail per account every 10 minutes; a new one replaces the
 * previous link.
 */
export class NewDeviceLinks {
  readonly #links: OneTimeLinksRepository;
  readonly #admins: AdminsRepository;
  readonly #clock: Clock;
  readonly #send: SendEmail | null;
  readonly #publicUrl: string;
  readonly #onSendFailure: (error: unknown) => void;
  readonly #lastSentMs = new Map<number, number>();
  readonly #pending = new Set<Promise<void>>();

  constructor(options: {
    links: OneTimeLinksRepository;
    admins: AdminsRepository;
    clock: Clock;
    /** Null without SMTP_URL: no link can be sent. */
    send: SendEmail | null;
    publicUrl: string;
    onSendFailure: (error: unknown) => void;
  }) {
    this.#links = options.links;
    this.#admins = options.admins;
    this.#clock = options.clock;
    this.#send = options.send;
    this.#publicUrl = options.publicUrl;
    this.#onSendFailure = options.onSendFailure;
  }

  /**
   * Whether a link can reach the owner: e-mail configured and the account's address one that
   * receives mail. Says nothing of the account typed, nor of the password.
   */
  canSend(): boolean {
    const owner = this.#admins.all()[0];
    return this.#send !== null && owner !== undefined && isDeliverable(owner.email);
  }

  /**
   * Checks the password after the answer has gone (`check`), and issues the link if it is
   * right; never rejects. Shutdown waits for what is under way (`settled`).
   */
  checkThenIssue(admin: AdminRecord, browserNonce: string, check: () => Promise<boolean>): void {
    // The attempt's time, not the check's end: what counts for the 10 minutes and the 15.
    const attemptedAtMs = this.#clock();
    const work = check()
      .then((right) => (right ? this.issue(admin, browserNonce, attemptedAtMs) : undefined))
      .catch((error: unknown) => this.#onSendFailure(error))
      .finally(() => this.#pending.delete(work));
    this.#pending.add(work);
  }

  /** Resolves once the checks and e-mails under way are over. */
  async settled(): Promise<void> {
    while (this.#pending.size > 0) await Promise.all(this.#pending);
  }

  /**
   * After the right password for `admin` from an unknown device, in a throttled period: sends
   * the link to the account's own address unless one went out less than 10 minutes ago.
   * Resolves once it is sent (or was not to be); never rejects.
   */
  async issue(admin: AdminRecord, browserNonce: string, now = this.#clock()): Promise<void> {
    const send = this.#send;
    if (!send || !this.canSend()) return;
    const last = this.#lastSentMs.get(admin.id);
    if (last !== undefined && now - last < NEW_DEVICE_LINK.emailIntervalMs) return;
    this.#lastSentMs.set(admin.id, now);

    const token = randomBytes(32).toString('base64url');
    this.#links.add(
      {
        tokenHash: bound(token, browserNonce),
        purpose: 'new-device',
        adminId: admin.id,
        expiresAtMs: now + NEW_DEVICE_LINK.lifetimeMs,
      },
      now,
      true,
    );
    try {
      await send({
        to: admin.email,
        ...composeNewDeviceEmail(newDeviceLink(this.#publicUrl, token)),
      });
    } catch (error) {
      this.#onSendFailure(error);
    }
  }

  /**
   * Uses up the link when `token` is live and was issued to this browser: the account to sign
   * in, else undefined (used, expired, replaced, or another browser).
   */
  redeem(token: string, browserNonce: string): AdminRecord | undefined {
    const adminId = this.#links.take(bound(token, browserNonce), 'new-device', this.#clock());
    if (adminId === undefined || adminId === null) return undefined;
    return this.#admins.all().find((admin) => admin.id === adminId);
  }
}

function bound(token: string, browserNonce: string): string {
  return hashToken(`${token}.${browserNonce}`);
}
