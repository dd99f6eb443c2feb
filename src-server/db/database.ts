import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DatabaseSync } from 'node:sqlite';
import {
  createPrivateFile,
  makeFilePrivate,
  makePrivateFolder,
} from '../security/private-files.ts';

export const DATABASE_FILE = 'agence.sqlite';

/** How long a write waits for a lock held by another connection (a backup, a script). */
export const BUSY_TIMEOUT_MS = 5000;

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** The numbered migrations (`NNN-name.sql`), in order. */
export function loadMigrations(dir: string = MIGRATIONS_DIR): Migration[] {
  const migrations = readdirSync(dir)
    .filter((file) => /^\d{3}-[\w-]+\.sql$/.test(file))
    .sort()
    .map((file) => ({
      version: Number(file.slice(0, 3)),
      name: file,
      sql: readFileSync(path.join(dir, file), 'utf8'),
    }));
  migrations.forEach((migration, index) => {
    if (migration.version !== index + 1) {
      throw new Error(`Migration ${migration.name} : numéro ${index + 1} attendu.`);
    }
  });
  return migrations;
}

/**
 * Brings the schema up to date. The version lives in `PRAGMA user_version`, written in the
 * same transaction as the migration, so a crash leaves either the old or the new schema.
 *
 * Foreign keys are off while migrations run (SQLite ignores that setting inside a transaction,
 * so it is switched before): changing a table's CHECK means rebuilding it (create the new one,
 * copy, drop the old one, rename), and with foreign keys on, dropping `contacts` would cascade
 * to every lead and note that refers to it. Each migration must still leave every reference
 * whole: `PRAGMA foreign_key_check` runs before its commit, and a dangling row rolls it back.
 */
export function migrate(db: DatabaseSync, migrations: Migration[] = loadMigrations()): void {
  const row = db.prepare('PRAGMA user_version').get();
  const current = Number(row?.user_version ?? 0);
  const latest = migrations.length;
  if (current > latest) {
    throw new Error(
      `La base de données (version ${current}) est plus récente que ce serveur (version ${latest}).`,
    );
  }
  const pending = migrations.slice(current);
  if (pending.length === 0) return;
  const foreignKeys = Number(db.prepare('PRAGMA foreign_keys').get()?.foreign_keys ?? 0);
  db.exec('PRAGMA foreign_keys = OFF');
  try {
    for (const migration of pending) {
      db.exec('BEGIN IMMEDIATE');
      try {
        db.exec(migration.sql);
        const dangling = db.prepare('PRAGMA foreign_key_check').all();
        if (dangling.length > 0) {
          throw new Error(
            `Migration ${migration.name} : ${dangling.length} ligne(s) renverraient à une ligne disparue (table ${String(dangling[0]?.table)}).`,
          );
        }
        db.exec(`PRAGMA user_version = ${migration.version}`);
        db.exec('COMMIT');
      } catch (error) {
        if (db.isTransaction) db.exec('ROLLBACK');
        throw error;
      }
    }
  } finally {
    db.exec(`PRAGMA foreign_keys = ${foreignKeys ? 'ON' : 'OFF'}`);
  }
}

/**
 * Opens (and creates if needed) the one SQLite file under `dataDir`. WAL lets the dashboard
 * read while a message is written; `synchronous=FULL` makes a commit survive a power cut,
 * which is what "acknowledged only once stored" needs.
 */
export function openDatabase(dataDir: string): DatabaseSync {
  // Only the server's account reads it: folder 700, the file 600 before SQLite opens it, so
  // that its -wal and -shm files are created 600 too (SQLite gives them the file's mode).
  makePrivateFolder(dataDir);
  const file = path.join(dataDir, DATABASE_FILE);
  createPrivateFile(file);
  for (const suffix of ['', '-wal', '-shm']) makeFilePrivate(file + suffix);
  const db = new DatabaseSync(file);
  try {
    db.exec('PRAGMA journal_mode = WAL');
    db.exec('PRAGMA synchronous = FULL');
    db.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
    db.exec('PRAGMA foreign_keys = ON');
    migrate(db);
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}

/** A schema object of a database (table, index, trigger, view), as sqlite_schema holds it. */
export interface SchemaObject {
  type: string;
  name: string;
  /** Its CREATE statement, spaces folded (null for SQLite's own indexes of a UNIQUE). */
  sql: string | null;
}

/** The schema objects of `db`, but SQLite's internal tables (sqlite_sequence, sqlite_stat1…). */
export function schemaObjects(db: DatabaseSync): SchemaObject[] {
  return db
    .prepare(
      "SELECT type, name, sql FROM sqlite_schema WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY type, name",
    )
    .all()
    .map((row) => ({
      type: String(row.type),
      name: String(row.name),
      sql: row.sql === null ? null : String(row.sql).replace(/\s+/gu, ' ').trim(),
    }));
}

/**
 * The schema objects the migrations themselves make up to `version`, built in memory: what a
 * database of this site at that version holds, and nothing else.
 */
export function migrationsSchema(version: number): SchemaObject[] {
  const db = new DatabaseSync(':memory:');
  try {
    migrate(db, loadMigrations().slice(0, version));
    return schemaObjects(db);
  } finally {
    db.close();
  }
}

/** Runs `work` in one write transaction: all of it is committed, or none of it. */
export function inTransaction<T>(db: DatabaseSync, work: () => T): T {
  // Inside another transaction (a quote sent moves its lead in the same one): a savepoint,
  // so that the whole commits or rolls back together.
  if (db.isTransaction) {
    db.exec('SAVEPOINT nested');
    try {
      const result = work();
      db.exec('RELEASE nested');
      return result;
    } catch (error) {
      db.exec('ROLLBACK TO nested');
      db.exec('RELEASE nested');
      throw error;
    }
  }
  db.exec('BEGIN IMMEDIATE');
  try {
    const result = work();
    db.exec('COMMIT');
    return result;
  } catch (error) {
    if (db.isTransaction) db.exec('ROLLBACK');
    throw error;
  }
}
