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
}

/**
 * With ADMIN_EMAIL and ADMIN_PASSWORD (a scripted set-up), makes that account the only one;
 * a changed password replaces the stored hash and ends the account's open sessions. Without
 * them, nothing: the owner chooses the first password from the setup link (FirstPassword).
 */
export async function ensureAdminAccount(options: EnsureAdminOptions): Promise<void> {
  const { admins, sessions, hasher, clock, configured } = options;
  if (!configured) return;
  const stored = admins.all();
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
}
