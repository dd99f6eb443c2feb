import { randomBytes } from 'node:crypto';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { QUOTE_LINK_SECRET_MIN_LENGTH } from '../../shared/node/quote-link-token.ts';

/** Where the generated key of the quotes' links is kept, in DATA_DIR, readable by the server only. */
export const QUOTE_LINK_KEY_FILE = 'quote-link.key';

/**
 * The key the clients' quote links are derived with: QUOTE_LINK_SECRET when given, else the
 * one generated on the first start into DATA_DIR (as the VAPID pair is). It lives outside the
 * database, so that a copy of the database or of its backups opens no quote; the same key must
 * stay, or every link already sent stops working.
 */
export function loadQuoteLinkSecret(dataDir: string, configured: string | undefined): string {
  if (configured) return configured;
  const file = path.join(dataDir, QUOTE_LINK_KEY_FILE);
  try {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length < QUOTE_LINK_SECRET_MIN_LENGTH) {
      throw new Error(
        `${file} est illisible : restaurez-le depuis sa sauvegarde (le supprimer coupe les liens des devis déjà envoyés).`,
      );
    }
    return stored;
  } catch (error) {
    if (!(error instanceof Error && 'code' in error && error.code === 'ENOENT')) throw error;
  }
  const secret = randomBytes(32).toString('base64url');
  // Written whole or not at all: a crash mid-write must not leave half a key.
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${secret}\n`, { mode: 0o600 });
  renameSync(temporary, file);
  return secret;
}
