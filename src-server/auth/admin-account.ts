import { randomBytes } from 'node:crypto';
import type { Clock } from '../clock.ts';
import type { AdminsRepository } from '../db/admins-repository.ts';
import type { SessionsRepository } from '../db/sessions-repository.ts';
import type { PasswordHasher } from '../security/passwords.ts';
import { normaliseEmail } from './session-service.ts';

interface EnsureAdminOptions {
  admins: AdminsRepository;
  sessions: SessionsRepository;
  hasher: PasswordHasher;
  clock: Clock;
  /** From ADMIN_EMAIL and ADMIN_PASSWORD, when both are set. */
  configured: { email: string; password: string } | undefined;
  defaultEmail: string;
  /** Where the generated password is shown, once (stdout). */
  print: (text: string) => void;
}

/** 24 characters drawn from 64: 144 bits of randomness. */
export function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}

/**
 * Makes sure exactly the right admin account exists at start:
 * - with ADMIN_EMAIL and ADMIN_PASSWORD, that account becomes the only one; a changed
 *   password replaces the stored hash and ends the account's open sessions;
 * - with neither and no account stored, an account is created with a random password,
 *   printed once; later starts keep it.
 */
export async function ensureAdminAccount(options: EnsureAdminOptions): Promise<void> {
  const { admins, sessions, hasher, clock, configured } = options;
  const stored = admins.all();

  if (configured) {
    const email = normaliseEmail(configured.email);
    const current = stored.length === 1 && stored[0]?.email === email ? stored[0] : undefined;
    if (
      current &&
      !hasher.needsRehash(current.passwordHash) &&
      (await hasher.verify(configured.password, current.passwordHash))
    ) {
      return;
    }
    const hash = await hasher.hash(configured.password);
    const admin = admins.replaceAllWith(email, hash, clock());
    sessions.deleteForAdmin(admin.id);
    return;
  }

  if (stored.length > 0) return;
  const email = normaliseEmail(options.defaultEmail);
  const password = generatePassword();
  admins.create(email, await hasher.hash(password), clock());
  options.print(
    [
      '',
      '=====================================================================',
      ' Compte administrateur créé (premier démarrage, ADMIN_EMAIL et',
      ' ADMIN_PASSWORD non définis). Notez ce mot de passe : il ne sera',
      ' plus jamais affiché.',
      '',
      `   Adresse e-mail : ${email}`,
      `   Mot de passe   : ${password}`,
      '',
      ' Pour le changer, démarrez le serveur avec ADMIN_EMAIL et',
      ' ADMIN_PASSWORD (voir .env.example).',
      '=====================================================================',
      '',
    ].join('\n'),
  );
}
