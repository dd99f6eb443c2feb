import { createHash, randomBytes } from 'node:crypto';
import type { Clock } from '../clock.ts';
import type { AdminRecord, AdminsRepository } from '../db/admins-repository.ts';
import type { SessionRecord, SessionsRepository } from '../db/sessions-repository.ts';
import type { PasswordHasher } from '../security/passwords.ts';
import { REMEMBERED_SESSION_MS, signInTooOld } from '../../shared/domain/admin.ts';

export interface SessionTimeouts {
  idleMs: number;
  absoluteMs: number;
}

export interface SignedIn {
  /** The cookie value: 256 random bits. Never stored, only its SHA-256. */
  token: string;
  idHash: string;
  adminId: number;
  email: string;
  /** « Rester connecté sur cet appareil »: the session lasts REMEMBERED_SESSION_MS. */
  remembered: boolean;
}

/**
 * How long a session opened with « Rester connecté sur cet appareil » lasts: 30 days from
 * sign-in, fixed (not renewed by use), whatever the idle time; its cookie has the same
 * Max-Age. The owner types the password again once a month. The domain's number, which
 * Firebase mode holds to as well (shared/domain/admin.ts).
 */
export { REMEMBERED_SESSION_MS };

// A session's last-seen time is written at most this often, not on every request.
const TOUCH_INTERVAL_MS = 30_000;
/**
 * How far ahead of the clock a session's times may be: the clock set back by the time
 * service (NTP) after a sign-in. Beyond, the session was not written by this server.
 */
const CLOCK_STEP_MS = 5 * 60_000;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

interface SessionServiceOptions {
  admins: AdminsRepository;
  sessions: SessionsRepository;
  hasher: PasswordHasher;
  clock: Clock;
  timeouts: SessionTimeouts;
}

/** Signs the admin in and out and tells who a session cookie belongs to. */
export class SessionService {
  readonly #admins: AdminsRepository;
  readonly #sessions: SessionsRepository;
  readonly #hasher: PasswordHasher;
  readonly #clock: Clock;
  readonly #timeouts: SessionTimeouts;

  constructor(options: SessionServiceOptions) {
    this.#admins = options.admins;
    this.#sessions = options.sessions;
    this.#hasher = options.hasher;
    this.#clock = options.clock;
    this.#timeouts = options.timeouts;
  }

  /**
   * Checks the credentials and opens a new session, or returns null. The password is always
   * put through scrypt, against a dummy hash when the e-mail is unknown, so that both
   * failures take the same time. `first`: the check goes ahead of those waiting (the owner's
   * own device, see TrustedDevices).
   */
  async signIn(
    email: string,
    password: string,
    { first = false, remember = false }: { first?: boolean; remember?: boolean } = {},
  ): Promise<SignedIn | null> {
    const admin = this.#admins.findByEmail(normaliseEmail(email));
    const valid = admin
      ? await this.#hasher.verify(password, admin.passwordHash, first)
      : await this.#hasher.verifyAgainstDummy(password);
    if (!admin || !valid) return null;
    return this.open(admin, remember);
  }

  /** The account with this e-mail, or undefined. */
  account(email: string): AdminRecord | undefined {
    return this.#admins.findByEmail(normaliseEmail(email));
  }

  /** Whether `password` is this account's (no session is opened). */
  checkPassword(admin: AdminRecord, password: string): Promise<boolean> {
    return this.#hasher.verify(password, admin.passwordHash);
  }

  /**
   * Opens a new session for an account whose identity was proved otherwise (a link), or by
   * `signIn`; `remember`: « Rester connecté sur cet appareil ».
   */
  open(admin: AdminRecord, remember = false): SignedIn {
    const now = this.#clock();
    this.#sessions.deleteExpired(
      now - this.#timeouts.idleMs,
      now - this.#timeouts.absoluteMs,
      now - REMEMBERED_SESSION_MS,
    );
    const token = randomBytes(32).toString('base64url');
    const idHash = hashToken(token);
    this.#sessions.create(idHash, admin.id, now, remember);
    return { token, idHash, adminId: admin.id, email: admin.email, remembered: remember };
  }

  /** The live session behind a cookie value, its last-seen time refreshed; else null. */
  authenticate(token: string | undefined): SessionRecord | null {
    if (!token || token.length > 100) return null;
    return this.refresh(hashToken(token));
  }

  /** The live session with this id hash, its last-seen time refreshed; else null. */
  refresh(idHash: string): SessionRecord | null {
    const session = this.#sessions.find(idHash);
    if (!session) return null;
    const now = this.#clock();
    const expired = session.remembered
      ? signInTooOld(session.createdAtMs, now)
      : now - session.lastSeenAtMs >= this.#timeouts.idleMs ||
        now - session.createdAtMs >= this.#timeouts.absoluteMs;
    if (
      expired ||
      // Dated in the future (a restored or edited database): neither timeout would ever end
      // it. The server's own sessions are never ahead of its clock but by a clock's step back.
      session.createdAtMs > now + CLOCK_STEP_MS ||
      session.lastSeenAtMs > now + CLOCK_STEP_MS
    ) {
      this.#sessions.delete(idHash);
      return null;
    }
    if (now - session.lastSeenAtMs >= TOUCH_INTERVAL_MS) {
      this.#sessions.touch(idHash, now);
      session.lastSeenAtMs = now;
    }
    return session;
  }

  /** Ends the session with this id hash (nothing happens if there is none). */
  signOut(idHash: string): void {
    this.#sessions.delete(idHash);
  }

  /**
   * « Se déconnecter partout »: ends every session of this admin, on every device, in one
   * statement; returns their id hashes (to close their event streams).
   */
  signOutEverywhere(adminId: number): string[] {
    return this.#sessions.endAllForAdmin(adminId);
  }
}
