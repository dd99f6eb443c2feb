import {
  closeSync,
  copyFileSync,
  existsSync,
  fsyncSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { backup, DatabaseSync } from 'node:sqlite';
import {
  BUSY_TIMEOUT_MS,
  DATABASE_FILE,
  inTransaction,
  loadMigrations,
  migrationsSchema,
  schemaObjects,
  type SchemaObject,
} from '../db/database.ts';
import {
  createPrivateFile,
  makeFilePrivate,
  makePrivateFolder,
  PRIVATE_FILE_MODE,
} from '../security/private-files.ts';

/** Backups kept in the folder; the oldest beyond this number are deleted. */
export const BACKUPS_KEPT = 14;
/** One backup a day: at start when the last one is older, then every 24 h. */
export const BACKUP_INTERVAL_MS = 24 * 3_600_000;
export { BACKUP_STALE_MS } from '../../shared/backup/status.ts';

/** `agence-2026-11-26T10-55-43-123Z.sqlite`: sorts by name in time order, in UTC. */
const COMPLETE_NAME = /^agence-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z\.sqlite$/;
/**
 * A backup being written: hidden, with the writer's process id, and never ending in
 * `.sqlite`, so that one cut short (power cut, SIGKILL) never passes for a finished one.
 */
const PARTIAL_NAME = /^\.agence-.*\.(\d+)\.partiel$/;

export interface BackupFile {
  file: string;
  takenAt: number;
}

export interface WrittenBackup extends BackupFile {
  messages: number;
}

/** Where the backups go: BACKUP_DIR, or DATA_DIR/backups. */
export function backupDirectory(config: { DATA_DIR: string; BACKUP_DIR?: string | undefined }) {
  return path.resolve(config.BACKUP_DIR ?? path.join(config.DATA_DIR, 'backups'));
}

export function databaseFile(dataDir: string): string {
  return path.resolve(dataDir, DATABASE_FILE);
}

function backupName(at: number): string {
  return `agence-${new Date(at).toISOString().replaceAll(':', '-').replace('.', '-')}.sqlite`;
}

/** The finished backups of `dir`, newest first (an absent folder has none). */
export function listBackups(dir: string): BackupFile[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .flatMap((name) => {
      const match = COMPLETE_NAME.exec(name);
      if (!match) return [];
      const [, day, hours, minutes, seconds, ms] = match;
      const takenAt = Date.parse(`${day}T${hours}:${minutes}:${seconds}.${ms}Z`);
      return Number.isNaN(takenAt) ? [] : [{ file: path.join(dir, name), takenAt }];
    })
    .sort((a, b) => b.takenAt - a.takenAt);
}

export function lastBackup(dir: string): BackupFile | null {
  return listBackups(dir)[0] ?? null;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return error instanceof Error && 'code' in error && error.code === 'EPERM';
  }
}

/** Backups cut short by a process that is gone: they never became backups, they go. */
function removeAbandoned(dir: string): void {
  for (const name of readdirSync(dir)) {
    const match = PARTIAL_NAME.exec(name);
    if (match && !isRunning(Number(match[1]))) rmSync(path.join(dir, name), { force: true });
  }
}

/** Makes a rename survive a power cut: the folder's entry is on disk too. */
function syncFolder(dir: string): void {
  const handle = openSync(dir, 'r');
  try {
    fsyncSync(handle);
  } finally {
    closeSync(handle);
  }
}

export interface CheckedDatabase {
  /** The schema's version (PRAGMA user_version). */
  version: number;
  messages: number;
}

/**
 * Opens a database file and checks it is a whole database of this site: SQLite's own
 * integrity check, the site's tables, a schema this server knows. Throws a French sentence.
 * `selfContained` also folds it into one file (no -wal beside it), for a copy that is moved.
 */
export function checkDatabaseFile(
  file: string,
  { selfContained = false }: { selfContained?: boolean } = {},
): CheckedDatabase {
  let db: DatabaseSync;
  try {
    db = new DatabaseSync(file);
  } catch (error) {
    throw new Error(`Impossible d’ouvrir ${file} : ${reason(error)}`, { cause: error });
  }
  try {
    let integrity: string;
    try {
      if (selfContained) db.exec('PRAGMA journal_mode = DELETE');
      const rows = db.prepare('PRAGMA integrity_check').all();
      integrity = rows.map((row) => String(row.integrity_check)).join(' ; ');
    } catch (error) {
      throw new Error(`${file} n’est pas une base SQLite lisible (${reason(error)}).`, {
        cause: error,
      });
    }
    if (integrity !== 'ok') {
      throw new Error(`${file} est endommagé (contrôle d’intégrité : ${integrity}).`);
    }
    const version = Number(db.prepare('PRAGMA user_version').get()?.user_version ?? 0);
    const latest = loadMigrations().length;
    if (version > latest) {
      throw new Error(
        `${file} vient d’une version plus récente du site (schéma ${version}, ce serveur connaît le ${latest}) : mettez le site à jour d’abord.`,
      );
    }
    const hasContacts = db
      .prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'contacts'")
      .get();
    if (version === 0 || !hasContacts) {
      throw new Error(`${file} n’est pas une base de ce site (aucune table des messages).`);
    }
    const foreign = schemaDifferences(schemaObjects(db), migrationsSchema(version));
    if (foreign.length > 0) {
      throw new Error(
        `${file} ne contient pas que le schéma des migrations du site (${foreign.join(', ')}) : la base a été modifiée hors du site, elle n’est pas reprise.`,
      );
    }
    const messages = Number(db.prepare('SELECT count(*) AS n FROM contacts').get()?.n ?? 0);
    return { version, messages };
  } finally {
    db.close();
  }
}

/** A schema object's kind in French, and whether its word is feminine (« modifiée »). */
const OBJECT_NAMES: Partial<Record<string, { word: string; feminine: boolean }>> = {
  table: { word: 'table', feminine: true },
  index: { word: 'index', feminine: false },
  trigger: { word: 'déclencheur', feminine: false },
  view: { word: 'vue', feminine: true },
};

/**
 * What a database's schema holds beyond, or otherwise than, the migrations' own: a trigger
 * added to a backup (one that puts a session back as soon as restore signs everyone out), a
 * view, a table, an index, or one of the site's objects rewritten. Each named in French.
 */
function schemaDifferences(actual: SchemaObject[], expected: SchemaObject[]): string[] {
  const key = (object: SchemaObject) => `${object.type}\u0000${object.name}`;
  const wanted = new Map(expected.map((object) => [key(object), object]));
  const found = new Set(actual.map(key));
  const said = (object: SchemaObject, state: 'en trop' | 'modifié' | 'absent') => {
    const kind = OBJECT_NAMES[object.type] ?? { word: object.type, feminine: false };
    const agreed = state !== 'en trop' && kind.feminine ? `${state}e` : state;
    return `${kind.word} « ${object.name} » ${agreed}`;
  };
  const differences: string[] = [];
  for (const object of actual) {
    const own = wanted.get(key(object));
    if (!own) differences.push(said(object, 'en trop'));
    else if (own.sql !== object.sql) differences.push(said(object, 'modifié'));
  }
  for (const object of expected) {
    if (!found.has(key(object))) differences.push(said(object, 'absent'));
  }
  return differences;
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Writes a consistent copy of the database into `dir` while the server keeps writing, and
 * returns its path. SQLite's online backup copies every page in one step (ALL_PAGES), so
 * one read transaction sees one committed state: a writer is never blocked (WAL) and never
 * makes the copy start over. The copy is written under a temporary name, checked, folded into
 * one file, synced, and only then renamed: whatever stops it half-way leaves no file that
 * looks finished. Then only the last BACKUPS_KEPT are kept.
 */
export async function writeBackup(
  dataDir: string,
  dir: string,
  now: number,
): Promise<WrittenBackup> {
  const source = databaseFile(dataDir);
  if (!existsSync(source)) {
    throw new Error(`Aucune base de données à sauvegarder : ${source} n’existe pas.`);
  }
  makePrivateFolder(dir);
  removeAbandoned(dir);
  let takenAt = now;
  while (existsSync(path.join(dir, backupName(takenAt)))) takenAt += 1;
  const final = path.join(dir, backupName(takenAt));
  const partial = path.join(dir, `.${path.basename(final)}.${process.pid}.partiel`);
  const db = new DatabaseSync(source);
  try {
    // Created 600 before SQLite writes the copy into it: a backup holds what the database does.
    createPrivateFile(partial);
    db.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
    await backup(db, partial, { rate: ALL_PAGES });
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  } finally {
    db.close();
  }
  let checked: CheckedDatabase;
  try {
    checked = checkDatabaseFile(partial, { selfContained: true });
    const handle = openSync(partial, 'r+');
    try {
      fsyncSync(handle);
    } finally {
      closeSync(handle);
    }
    renameSync(partial, final);
    syncFolder(dir);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
  for (const old of listBackups(dir).slice(BACKUPS_KEPT)) rmSync(old.file, { force: true });
  return { file: final, takenAt, messages: checked.messages };
}

/** The schema versions a start would migrate a database from and to. */
export interface PendingMigrations {
  from: number;
  to: number;
}

/**
 * The migrations the next start will apply to the database of `dataDir`, or null when there
 * is nothing to migrate: no database yet, a new one (schema 0), or one already up to date.
 */
export function pendingMigrations(dataDir: string): PendingMigrations | null {
  const file = databaseFile(dataDir);
  if (!existsSync(file)) return null;
  const db = new DatabaseSync(file, { readOnly: true });
  let from: number;
  try {
    from = Number(db.prepare('PRAGMA user_version').get()?.user_version ?? 0);
  } finally {
    db.close();
  }
  const to = loadMigrations().length;
  return from > 0 && from < to ? { from, to } : null;
}

/**
 * Before a new version migrates the database at start (docs/deploy.md, « Mettre à jour »),
 * a backup of it as it is, in the usual folder: a migrated database does not go back by
 * itself. Returns what was written, or null when there is nothing to migrate. A backup that
 * fails stops the start, the database untouched.
 */
export async function backupBeforeMigrating(
  dataDir: string,
  dir: string,
  now: number,
): Promise<(WrittenBackup & PendingMigrations) | null> {
  const pending = pendingMigrations(dataDir);
  if (pending === null) return null;
  try {
    return { ...(await writeBackup(dataDir, dir, now)), ...pending };
  } catch (error) {
    throw new Error(
      `La base de données doit passer du schéma ${pending.from} au ${pending.to}, mais la sauvegarde à faire avant a échoué (${reason(error)}). Rien n’a été modifié : libérez de la place, ou réglez BACKUP_DIR vers un dossier où le serveur peut écrire, puis relancez.`,
      { cause: error },
    );
  }
}

/** More pages than any database has, so the copy is one step (node:sqlite refuses -1). */
const ALL_PAGES = 2 ** 31 - 1;

/** The server's process id, in DATA_DIR while it runs: what `npm run restore` looks for. */
export const SERVER_PID_FILE = 'server.pid';

/** The process id of a server running on `dataDir`, if any. */
export function runningServer(dataDir: string): number | null {
  const file = path.join(dataDir, SERVER_PID_FILE);
  if (!existsSync(file)) return null;
  let pid: number;
  try {
    pid = Number.parseInt(readFileSync(file, 'utf8'), 10);
  } catch {
    return null;
  }
  return Number.isInteger(pid) && pid > 0 && pid !== process.pid && isRunning(pid) ? pid : null;
}

/**
 * Marks `dataDir` as in use by this process until it exits; restore refuses to run while it
 * is. Returns the release, which leaves a file another server wrote alone.
 */
export function claimDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, SERVER_PID_FILE);
  // A second server on the same folder leaves the first one's mark alone: otherwise, once it
  // stopped, the first would run unmarked and a restore could move its database away.
  if (runningServer(dataDir) !== null) return () => {};
  writeFileSync(file, `${process.pid}\n`, { mode: PRIVATE_FILE_MODE });
  return () => {
    try {
      if (Number.parseInt(readFileSync(file, 'utf8'), 10) === process.pid) rmSync(file);
    } catch {
      // Already gone.
    }
  };
}

export interface RestoreResult {
  restored: CheckedDatabase;
  /** Where the database it replaced was kept (null when there was none). */
  kept: string | null;
  /** What the restored database no longer holds: the owner signs in again. */
  signedOut: SignedOut;
}

export interface SignedOut {
  /** Sessions (dashboard, console) that were open when the backup was taken. */
  sessions: number;
  /** One-time links (first password, new device) that were pending then. */
  links: number;
  /** Devices the sign-in throttle trusted then. */
  devices: number;
}

/**
 * The tables whose rows let someone in: a session the owner has since signed out of, a
 * one-time link already used or revoked, a device since removed would all come back with a
 * backup. The restored database starts without any (the server makes a new first-password
 * link at start if no password is set).
 */
const ACCESS_TABLES = {
  sessions: 'sessions',
  links: 'one_time_links',
  devices: 'trusted_devices',
} as const satisfies Record<keyof SignedOut, string>;

/** Empties ACCESS_TABLES in the database file `file` (those its schema has). */
function signEveryoneOut(file: string): SignedOut {
  const db = new DatabaseSync(file);
  try {
    return inTransaction(db, () => {
      const cleared = (table: string) => {
        const exists = db
          .prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = ?")
          .get(table);
        return exists ? Number(db.prepare(`DELETE FROM ${table}`).run().changes) : 0;
      };
      return {
        sessions: cleared(ACCESS_TABLES.sessions),
        links: cleared(ACCESS_TABLES.links),
        devices: cleared(ACCESS_TABLES.devices),
      };
    });
  } finally {
    db.close();
  }
}

/**
 * Puts a backup in place of the database of `dataDir`, which must not be in use. The file is
 * copied beside the database, checked there, then renamed over it; the database it replaces
 * is first folded into one file (its WAL holds the last commits) and kept beside it, named
 * with the date.
 */
export function restoreBackup(backupFile: string, dataDir: string, now: number): RestoreResult {
  const pid = runningServer(dataDir);
  if (pid !== null) {
    throw new Error(
      `Le serveur tourne sur ce dossier de données (processus ${pid}) : arrêtez-le d’abord (par exemple sudo systemctl stop agence), puis relancez la restauration.`,
    );
  }
  if (!existsSync(backupFile)) throw new Error(`Fichier introuvable : ${backupFile}`);
  makePrivateFolder(dataDir);
  const target = databaseFile(dataDir);
  const incoming = `${target}.restauration`;
  rmSync(incoming, { force: true });
  // copyFile gives the copy the backup's mode: an old backup (644) is narrowed to 600.
  copyFileSync(backupFile, incoming);
  makeFilePrivate(incoming);
  let restored: CheckedDatabase;
  let signedOut: SignedOut;
  try {
    restored = checkDatabaseFile(incoming, { selfContained: true });
    signedOut = signEveryoneOut(incoming);
  } catch (error) {
    rmSync(incoming, { force: true });
    throw error;
  }
  let kept: string | null = null;
  if (existsSync(target)) {
    // Opening and closing it checkpoints the WAL into the file, as the server's own close does.
    // Leaving WAL mode needs the database to itself: if another process holds it open (a
    // server whose pid file is missing, an older server), SQLite answers at once that it is
    // locked, and the restore stops before anything is moved.
    let inUse = false;
    try {
      const old = new DatabaseSync(target, { timeout: 0 });
      try {
        const mode = old.prepare('PRAGMA journal_mode = DELETE').get() as
          { journal_mode?: string } | undefined;
        inUse = mode?.journal_mode?.toLowerCase() === 'wal';
      } catch (error) {
        inUse = /locked|busy/i.test(error instanceof Error ? error.message : String(error));
      } finally {
        old.close();
      }
    } catch {
      // A damaged database is kept as it is, WAL beside it.
    }
    if (inUse) {
      rmSync(incoming, { force: true });
      throw new Error(
        'La base de données est ouverte par un autre processus (un serveur lancé sur ce dossier de données ?) : arrêtez-le d’abord (par exemple sudo systemctl stop agence), puis relancez la restauration.',
      );
    }
    kept = `${target}.avant-restauration-${new Date(now).toISOString().replaceAll(':', '-')}`;
    renameSync(target, kept);
    makeFilePrivate(kept);
    for (const suffix of ['-wal', '-shm']) {
      if (existsSync(target + suffix)) renameSync(target + suffix, kept + suffix);
      makeFilePrivate(kept + suffix);
    }
  }
  renameSync(incoming, target);
  syncFolder(dataDir);
  return { restored, kept, signedOut };
}

/** « 1 message », « 0 message », « 2 messages »: French counts 0 and 1 in the singular. */
export function messagesCount(count: number): string {
  const plural = new Intl.PluralRules('fr-FR').select(count) === 'one' ? '' : 's';
  return `${new Intl.NumberFormat('fr-FR').format(count)} message${plural}`;
}
