import { randomBytes } from 'node:crypto';
import { ROUTES } from '../../shared/domain/routes.ts';
import type { Clock } from '../clock.ts';
import type { AdminsRepository } from '../db/admins-repository.ts';
import type { OneTimeLinksRepository } from '../db/one-time-links-repository.ts';
import { inTransaction } from '../db/database.ts';
import type { DatabaseSync } from 'node:sqlite';
import type { PasswordHasher } from '../security/passwords.ts';
import { hashToken, normaliseEmail } from './session-service.ts';

/**
 * The owner's first password, chosen by the owner. Until an account exists, every start makes
 * a new setup link (the previous one dies) once its port is open, and prints it: a start that
 * fails (port taken) touches no link, so the server already running keeps its own, and the
 * next start prints a fresh one. The link works until it is used.
 */
export class FirstPassword {
  readonly #db: DatabaseSync;
  readonly #admins: AdminsRepository;
  readonly #links: OneTimeLinksRepository;
  readonly #hasher: PasswordHasher;
  readonly #clock: Clock;

  constructor(options: {
    db: DatabaseSync;
    admins: AdminsRepository;
    links: OneTimeLinksRepository;
    hasher: PasswordHasher;
    clock: Clock;
  }) {
    this.#db = options.db;
    this.#admins = options.admins;
    this.#links = options.links;
    this.#hasher = options.hasher;
    this.#clock = options.clock;
  }

  /** Once listening: a new setup token while no account exists (else null, and no link works). */
  startNew(): string | null {
    if (this.#admins.all().length > 0) {
      this.#links.deleteAll('first-password');
      return null;
    }
    const token = randomBytes(32).toString('base64url');
    this.#links.add(
      { tokenHash: hashToken(token), purpose: 'first-password', adminId: null, expiresAtMs: null },
      this.#clock(),
      true,
    );
    return token;
  }

  /**
   * Creates the account with the owner's e-mail and password when `token` is the live setup
   * link; false when it is not (used, replaced by a later start, or an account exists).
   */
  async complete(token: string, email: string, password: string): Promise<boolean> {
    // A wrong token costs no hashing: guessing cannot be used to load the machine.
    const tokenHash = hashToken(token);
    if (!this.#links.isValid(tokenHash, 'first-password', this.#clock())) return false;
    const passwordHash = await this.#hasher.hash(password);
    return inTransaction(this.#db, () => {
      const taken = this.#links.take(tokenHash, 'first-password', this.#clock());
      if (taken === undefined || this.#admins.all().length > 0) return false;
      this.#admins.create(normaliseEmail(email), passwordHash, this.#clock());
      return true;
    });
  }
}

/** The address of the setup page for this token (in the fragment: never sent to a server log). */
export function firstPasswordLink(origin: string, token: string): string {
  return `${origin.replace(/\/+$/, '')}${ROUTES.firstPassword}#jeton=${token}`;
}

/** What every start prints while the owner has not chosen a password. */
export function firstPasswordBanner(link: string): string {
  return [
    '',
    '=====================================================================',
    ' Aucun compte administrateur pour l’instant. Ouvrez ce lien pour',
    ' choisir l’adresse e-mail et le mot de passe du compte :',
    '',
    `   ${link}`,
    '',
    ' Il sert une seule fois. Chaque démarrage en affiche un nouveau',
    ' (l’ancien ne fonctionne plus) tant que le mot de passe n’est pas choisi.',
    ' Pour une installation scriptée : ADMIN_EMAIL et ADMIN_PASSWORD',
    ' (voir .env.example).',
    '=====================================================================',
    '',
  ].join('\n');
}
