import { chmodSync, closeSync, existsSync, mkdirSync, openSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * The data folder holds every lead's personal data and the owner's password hash: only the
 * account that runs the server reads it (issue 47). Folders 700, files 600, whatever the
 * umask of the shell or the service (deploy/agence.service sets UMask=0077 too).
 */
export const PRIVATE_FOLDER_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Creates `dir` (and its missing parents) readable by its owner only. */
export function makePrivateFolder(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_FOLDER_MODE });
}

/**
 * Creates `file` empty, readable by its owner only, when it does not exist yet: SQLite then
 * opens it as a new database (or writes a backup into it) and keeps its mode, and gives its
 * -wal and -shm files the same one.
 */
export function createPrivateFile(file: string): void {
  closeSync(openSync(file, 'a', PRIVATE_FILE_MODE));
}

/**
 * Narrows an existing file (a database or a backup written by an older version, 644) to its
 * owner. A file of another account is left as it is: the folder's mode still protects it.
 */
export function makeFilePrivate(file: string): void {
  try {
    chmodSync(file, PRIVATE_FILE_MODE);
  } catch {
    // Missing, or not ours.
  }
}

/**
 * What the start-up says about a folder other accounts of the machine can enter or read
 * (an install older than these modes, a `chmod 755`), in one French line; null when it is
 * private or does not exist yet (it is then created 700).
 */
export function openFolderWarning(dir: string, label: string): string | null {
  if (!existsSync(dir)) return null;
  const mode = statSync(dir).mode & 0o777;
  if ((mode & 0o077) === 0) return null;
  const shown = path.resolve(dir);
  return `${label} ${shown} est ouvert aux autres comptes de la machine (droits ${mode.toString(8)}) : les messages et l’empreinte du mot de passe y sont lisibles ; fermez-le avec chmod -R go= ${shown}`;
}
