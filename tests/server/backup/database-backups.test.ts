import { spawn } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  watch,
  writeFileSync,
} from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeTempDir } from '../../temp-dirs.ts';
import {
  BACKUPS_KEPT,
  claimDataDir,
  listBackups,
  messagesCount,
  restoreBackup,
  SERVER_PID_FILE,
  writeBackup,
} from '../../../src-server/backup/database-backups.ts';
import {
  DATABASE_FILE,
  loadMigrations,
  migrate,
  openDatabase,
} from '../../../src-server/db/database.ts';
import { build, makeWebFixture, postContact, signIn, tempDir, VALID_CONTACT } from '../helpers.ts';
import { burst, signInOver, startServer } from '../server-process.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const DAY = 24 * 3_600_000;

/**
 * A project folder of its own for each run: the repository's package.json and scripts, and no
 * `.env`. npm runs a script in the folder of its package.json, and the scripts read the `.env`
 * of the folder they run in: run in the repository, they would read a developer's own
 * settings (their SMTP server, their data folder…).
 */
function scriptsProject(): string {
  const project = makeTempDir('project');
  copyFileSync(path.join(ROOT, 'package.json'), path.join(project, 'package.json'));
  symlinkSync(path.join(ROOT, 'scripts'), path.join(project, 'scripts'), 'dir');
  return project;
}

/**
 * Runs `npm run <script> -- args` as the owner would, with these settings and nothing else
 * (neither the test's environment nor a `.env` of the repository's); or, with `direct`, the
 * script's own node process (a signal sent to npm would not reach it).
 */
function npmRun(
  script: 'backup' | 'restore',
  args: string[],
  env: Record<string, string>,
  { direct = false } = {},
) {
  const project = scriptsProject();
  const command = direct
    ? [process.execPath, [path.join(project, `scripts/${script}.ts`), ...args]]
    : ['npm', ['run', '--silent', script, '--', ...args]];
  const child = spawn(command[0] as string, command[1] as string[], {
    cwd: project,
    env: { PATH: process.env.PATH, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const done = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, stdout, stderr })),
  );
  return { child, done };
}

/** What a backup file holds, read as anyone would: SQLite's check and the message ids. */
function readBackup(file: string) {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    return {
      integrity: db.prepare('PRAGMA integrity_check').get()?.integrity_check,
      ids: new Set(
        db
          .prepare('SELECT id FROM contacts')
          .all()
          .map((row) => String(row.id)),
      ),
    };
  } finally {
    db.close();
  }
}

/**
 * A `.env` in the repository that breaks every script that reads it, written for this file's
 * tests when the repository has none (a developer's own is left as it is, and proves the same
 * thing): the tests pass only if the scripts they run never read it.
 */
const REPOSITORY_SETTINGS = path.join(ROOT, '.env');
let wroteRepositorySettings = false;
beforeAll(() => {
  if (existsSync(REPOSITORY_SETTINGS)) return;
  writeFileSync(
    REPOSITORY_SETTINGS,
    '# Écrit par tests/server/backup/database-backups.test.ts, supprimé à la fin : s’il reste, supprimez-le.\nPORT=pas-un-port\nDATA_DIR=/proc/pas-ici\nBACKUP_DIR=/proc/pas-ici\n',
    { flag: 'wx' },
  );
  wroteRepositorySettings = true;
});
afterAll(() => {
  if (wroteRepositorySettings) rmSync(REPOSITORY_SETTINGS, { force: true });
});

describe('what backup and restore print', () => {
  it('counts messages in French: « 1 message », « 0 message », « 1 234 messages »', () => {
    expect(messagesCount(1)).toBe('1 message');
    expect(messagesCount(0)).toBe('0 message');
    expect(messagesCount(2)).toBe('2 messages');
    expect(messagesCount(1234)).toBe('1\u202f234 messages');
  });
});

describe('database backups', () => {
  it('npm run backup, during a burst of posts, writes a whole copy with every acknowledged message; npm run restore brings them back after the data folder is lost', async () => {
    const dataDir = await tempDir('data');
    const backupDir = await tempDir('backups');
    const webDir = await makeWebFixture(await tempDir('web'));
    const env = { DATA_DIR: dataDir, BACKUP_DIR: backupDir };
    const server = await startServer(dataDir, webDir, { BACKUP_DIR: backupDir });

    const posts = burst(server.url, 5);
    await vi.waitFor(() => expect(posts.acknowledged.length).toBeGreaterThanOrEqual(50), {
      timeout: 20_000,
    });
    const acknowledgedBefore = [...posts.acknowledged];
    const backup = await npmRun('backup', [], env).done;
    await posts.stop();
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    const file = backup.stdout.trim().split('\n').at(-1) ?? '';
    expect(path.dirname(file)).toBe(backupDir);
    expect(path.basename(file)).toMatch(/^agence-.*Z\.sqlite$/);

    const copy = readBackup(file);
    expect(copy.integrity).toBe('ok');
    for (const id of acknowledgedBefore) expect(copy.ids.has(id)).toBe(true);
    // A single file: nothing left in a WAL beside it.
    expect(
      readdirSync(backupDir)
        .filter((name) => !name.startsWith('.'))
        .sort(),
    ).toEqual(
      listBackups(backupDir)
        .map((entry) => path.basename(entry.file))
        .sort(),
    );

    // The server still runs: restore refuses, and says why.
    const refused = await npmRun('restore', [file], env).done;
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('Le serveur tourne sur ce dossier de données');

    server.child.kill('SIGTERM');
    expect((await server.exited).code).toBe(0);
    expect(existsSync(path.join(dataDir, SERVER_PID_FILE))).toBe(false);
    await rm(dataDir, { recursive: true, force: true });

    const restored = await npmRun('restore', [file], env).done;
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    expect(restored.stdout).toContain(`Sauvegarde restaurée : ${copy.ids.size} messages`);

    const again = await startServer(dataDir, webDir, { BACKUP_DIR: backupDir });
    const cookie = await signInOver(again.url);
    const list = (await (
      await fetch(`${again.url}/api/contacts`, { headers: { cookie } })
    ).json()) as { id: string }[];
    const ids = new Set(list.map((message) => message.id));
    for (const id of acknowledgedBefore) expect(ids.has(id)).toBe(true);
    expect(ids).toEqual(copy.ids);
  }, 180_000);

  it('restore checks the file first and keeps the database it replaces beside it', async () => {
    const dataDir = await tempDir('data');
    const backupDir = await tempDir('backups');
    const env = { DATA_DIR: dataDir, BACKUP_DIR: backupDir };
    const db = openDatabase(dataDir);
    db.close();
    const { app } = await build({ dataDir, env: { BACKUP_DIR: backupDir } });
    expect((await postContact(app, VALID_CONTACT)).statusCode).toBe(201);
    await app.close();
    const { file } = await writeBackup(dataDir, backupDir, Date.now());

    const notADatabase = path.join(backupDir, 'notes.sqlite');
    await writeFile(notADatabase, 'ceci n’est pas une base de données, mais un texte assez long');
    const bad = await npmRun('restore', [notADatabase], env).done;
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('Restauration refusée');
    expect(bad.stderr).toContain('n’est pas une base SQLite lisible');
    const missing = await npmRun('restore', [path.join(backupDir, 'absente.sqlite')], env).done;
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('Fichier introuvable');
    // Nothing was touched by the refusals.
    expect(readBackup(path.join(dataDir, DATABASE_FILE)).ids.size).toBe(1);

    const restored = await npmRun('restore', [file], env).done;
    expect(restored.code).toBe(0);
    const kept = readdirSync(dataDir).filter((name) => name.includes('avant-restauration'));
    expect(kept).toHaveLength(1);
    expect(restored.stdout).toContain(kept[0]);
    expect(readBackup(path.join(dataDir, kept[0] ?? '')).ids.size).toBe(1);
  }, 60_000);

  it('restore brings back no session, one-time link or trusted device of the backup, and tells the owner to sign in again', async () => {
    const dataDir = await tempDir('data');
    const backupDir = await tempDir('backups');
    const env = { DATA_DIR: dataDir, BACKUP_DIR: backupDir };
    const first = await build({ dataDir, env: { BACKUP_DIR: backupDir } });
    expect((await postContact(first.app, VALID_CONTACT)).statusCode).toBe(201);
    const cookie = await signIn(first.app);
    // A link e-mailed to sign a new device in, still pending when the backup is taken.
    const side = new DatabaseSync(path.join(dataDir, DATABASE_FILE));
    side
      .prepare(
        `INSERT INTO one_time_links (token_hash, purpose, admin_id, created_at_ms, expires_at_ms)
         VALUES ('empreinte-du-lien', 'new-device', (SELECT id FROM admins), ?, ?)`,
      )
      .run(Date.now(), Date.now() + 15 * 60_000);
    side.close();
    const { file } = await writeBackup(dataDir, backupDir, Date.now());
    // After the backup, the owner signs out (a lost phone, a shared computer).
    const signedOut = await first.app.inject({
      method: 'DELETE',
      url: '/api/session',
      headers: { cookie },
    });
    expect(signedOut.statusCode).toBe(204);
    await first.app.close();

    const restored = await npmRun('restore', [file], env).done;
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    expect(restored.stdout).toContain(
      'Les sessions ouvertes au moment de la sauvegarde (1), ses liens à usage unique (1) et ses appareils reconnus (1) sont effacés : après le redémarrage, reconnectez-vous au tableau de bord et à la console avec votre mot de passe.',
    );

    const { app } = await build({ dataDir, env: { BACKUP_DIR: backupDir } });
    // The session signed out of after the backup stays out.
    const old = await app.inject({ url: '/api/contacts', headers: { cookie } });
    expect(old.statusCode).toBe(401);
    const db = new DatabaseSync(path.join(dataDir, DATABASE_FILE), { readOnly: true });
    try {
      expect(db.prepare('SELECT count(*) AS n FROM one_time_links').get()).toEqual({ n: 0 });
      expect(db.prepare('SELECT count(*) AS n FROM trusted_devices').get()).toEqual({ n: 0 });
    } finally {
      db.close();
    }
    // The password still opens the inbox, with every message of the backup.
    const again = await signIn(app);
    const list = await app.inject({ url: '/api/contacts', headers: { cookie: again } });
    expect(list.json<{ subject: string }[]>().map((message) => message.subject)).toEqual([
      VALID_CONTACT.subject,
    ]);
  }, 60_000);

  it('restore refuses a backup whose schema holds more than the migrations make: a trigger that keeps a session through « everyone is signed out » (issue 47, finding 8)', async () => {
    const dataDir = await tempDir('data');
    const backupDir = await tempDir('backups');
    const first = await build({ dataDir, env: { BACKUP_DIR: backupDir } });
    expect((await postContact(first.app, VALID_CONTACT)).statusCode).toBe(201);
    const cookie = await signIn(first.app);
    const { file } = await writeBackup(dataDir, backupDir, Date.now());
    await first.app.close();
    // Whoever could write the backup file adds a trigger that puts the session back.
    const edited = new DatabaseSync(file);
    try {
      edited.exec(`CREATE TABLE kept AS SELECT * FROM sessions;
        CREATE TRIGGER keep_session AFTER DELETE ON sessions BEGIN
          INSERT INTO kept SELECT * FROM kept WHERE 0;
        END;`);
    } finally {
      edited.close();
    }
    const before = readFileSync(path.join(dataDir, DATABASE_FILE));
    expect(() => restoreBackup(file, dataDir, Date.now())).toThrow(
      /ne contient pas que le schéma des migrations du site \(table « kept » en trop, déclencheur « keep_session » en trop\)/u,
    );
    // Nothing was moved: the database is the one there was, and no copy was left.
    expect(readFileSync(path.join(dataDir, DATABASE_FILE)).equals(before)).toBe(true);
    expect(readdirSync(dataDir).filter((name) => name.includes('restauration'))).toEqual([]);

    // A view added is refused as well.
    const rewritten = new DatabaseSync(file);
    try {
      rewritten.exec(
        'DROP TRIGGER keep_session; DROP TABLE kept; CREATE VIEW everyone AS SELECT * FROM admins;',
      );
    } finally {
      rewritten.close();
    }
    expect(() => restoreBackup(file, dataDir, Date.now())).toThrow(/vue « everyone » en trop/u);

    // The session signed in before stays out once a clean backup is restored.
    const clean = new DatabaseSync(file);
    try {
      clean.exec('DROP VIEW everyone');
    } finally {
      clean.close();
    }
    expect(restoreBackup(file, dataDir, Date.now()).signedOut.sessions).toBe(1);
    const { app } = await build({ dataDir, env: { BACKUP_DIR: backupDir } });
    expect((await app.inject({ url: '/api/contacts', headers: { cookie } })).statusCode).toBe(401);
  }, 60_000);

  it('restore refuses, and moves nothing, while another process holds the database open without a pid file', async () => {
    const dataDir = await tempDir('data');
    const backupDir = await tempDir('backups');
    const { app } = await build({ dataDir, env: { BACKUP_DIR: backupDir } });
    expect((await postContact(app, VALID_CONTACT)).statusCode).toBe(201);
    const { file } = await writeBackup(dataDir, backupDir, Date.now());
    // The server still runs (its connection open, in WAL mode) but its pid file is gone.
    await rm(path.join(dataDir, SERVER_PID_FILE), { force: true });
    try {
      expect(() => restoreBackup(file, dataDir, Date.now())).toThrow(
        'ouverte par un autre processus',
      );
      expect(readdirSync(dataDir).filter((name) => name.includes('restauration'))).toEqual([]);
      expect(
        (await postContact(app, { ...VALID_CONTACT, subject: 'Après le refus' })).statusCode,
      ).toBe(201);
    } finally {
      await app.close();
    }
    expect(readBackup(path.join(dataDir, DATABASE_FILE)).ids.size).toBe(2);
  }, 60_000);

  it('a second server on the same data folder leaves the first one’s mark in place', async () => {
    const dataDir = await tempDir('data');
    const mark = path.join(dataDir, SERVER_PID_FILE);
    // The first server: another live process (this test's parent) marked the folder.
    await writeFile(mark, `${process.ppid}\n`);
    const releaseSecond = claimDataDir(dataDir);
    expect(readFileSync(mark, 'utf8').trim()).toBe(String(process.ppid));
    releaseSecond();
    expect(readFileSync(mark, 'utf8').trim()).toBe(String(process.ppid));
  });

  it('a backup killed half-way leaves no file that looks finished, and the next one cleans up', async () => {
    const dataDir = await tempDir('data');
    const backupDir = await tempDir('backups');
    // A database big enough (about 60 MB) for the copy to take a while.
    const db = openDatabase(dataDir);
    const insert = db.prepare(
      `INSERT INTO contacts (id, full_name, service, email, phone, subject, message, created_at_ms)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    db.exec('BEGIN');
    for (let index = 0; index < 30_000; index++) {
      insert.run(
        `gros-${index}`,
        VALID_CONTACT.fullName,
        VALID_CONTACT.service,
        VALID_CONTACT.email,
        '+213555123456',
        VALID_CONTACT.subject,
        'x'.repeat(2000),
        Date.now(),
      );
    }
    db.exec('COMMIT');
    db.close();

    const seen: string[] = [];
    const watcher = watch(backupDir);
    const backup = npmRun(
      'backup',
      [],
      { DATA_DIR: dataDir, BACKUP_DIR: backupDir },
      { direct: true },
    );
    watcher.on('change', (_event, name) => {
      const file = String(name);
      seen.push(file);
      if (file.endsWith('.partiel')) backup.child.kill('SIGKILL');
    });
    const cut = await new Promise<NodeJS.Signals | null>((resolve) =>
      backup.child.on('exit', (_code, signal) => resolve(signal)),
    );
    await backup.done;
    watcher.close();
    expect(seen.some((name) => name.endsWith('.partiel'))).toBe(true);
    expect(cut).toBe('SIGKILL');
    // Killed while copying or checking (nearly always), nothing looks finished; killed in
    // the instant after the rename (a loaded machine), what looks finished is whole.
    for (const { file } of listBackups(backupDir)) {
      const copy = readBackup(file);
      expect(copy.integrity).toBe('ok');
      expect(copy.ids.size).toBe(30_000);
    }
    expect(
      readdirSync(backupDir).filter(
        (name) =>
          name.endsWith('.sqlite') && !listBackups(backupDir).some((b) => b.file.endsWith(name)),
      ),
    ).toEqual([]);

    const next = await writeBackup(dataDir, backupDir, Date.now());
    expect(readdirSync(backupDir).filter((name) => name.endsWith('.partiel'))).toEqual([]);
    expect(listBackups(backupDir)[0]?.file).toBe(next.file);
    expect(next.messages).toBe(30_000);
  }, 180_000);

  it('backs up a database with messages as it is before a new version migrates it at start', async () => {
    const dataDir = await tempDir('data');
    const backupDir = await tempDir('backups');
    // A database left by an older version: schema 9, three messages.
    const old = new DatabaseSync(path.join(dataDir, DATABASE_FILE));
    migrate(old, loadMigrations().slice(0, 9));
    const insert = old.prepare(
      `INSERT INTO contacts (id, full_name, service, email, phone, subject, message, created_at_ms)
       VALUES (?, 'Entreprise', 'Design', 'a@exemple.dz', '+213550123456', 'Sujet', 'Un message assez long.', 0)`,
    );
    for (const id of ['un', 'deux', 'trois']) insert.run(id);
    old.close();

    const { app, announced } = await build({ dataDir, env: { BACKUP_DIR: backupDir } });
    const backups = listBackups(backupDir);
    expect(backups).toHaveLength(1);
    const file = backups[0]?.file ?? '';
    // Taken before the migrations: the old schema, every message.
    const copy = new DatabaseSync(file, { readOnly: true });
    try {
      expect(copy.prepare('PRAGMA user_version').get()).toEqual({ user_version: 9 });
    } finally {
      copy.close();
    }
    expect(readBackup(file)).toEqual({ integrity: 'ok', ids: new Set(['un', 'deux', 'trois']) });
    const latest = loadMigrations().length;
    expect(announced).toContain(
      `Base de données mise à jour du schéma 9 au ${latest} ; sauvegardée d’abord telle qu’elle était (3 messages) : ${file}`,
    );
    // And the server runs on the migrated database, with every message.
    const cookie = await signIn(app);
    const list = await app.inject({ url: '/api/contacts', headers: { cookie } });
    expect(
      list
        .json<{ id: string }[]>()
        .map((message) => message.id)
        .sort(),
    ).toEqual(['deux', 'trois', 'un']);
  });

  it('does not migrate a database it could not back up first, and says why', async () => {
    const dataDir = await tempDir('data');
    const old = new DatabaseSync(path.join(dataDir, DATABASE_FILE));
    migrate(old, loadMigrations().slice(0, 9));
    old.close();
    // A backup folder that cannot exist (under a file).
    const blocked = path.join(await tempDir('blocked'), 'un-fichier');
    await writeFile(blocked, '');
    await expect(
      build({ dataDir, env: { BACKUP_DIR: path.join(blocked, 'backups') } }),
    ).rejects.toThrow(
      /^La base de données doit passer du schéma 9 au \d+, mais la sauvegarde à faire avant a échoué .*Rien n’a été modifié/,
    );
    const untouched = new DatabaseSync(path.join(dataDir, DATABASE_FILE), { readOnly: true });
    try {
      expect(untouched.prepare('PRAGMA user_version').get()).toEqual({ user_version: 9 });
    } finally {
      untouched.close();
    }
  });

  it('needs no backup for a new database, nor for one already up to date', async () => {
    const dataDir = await tempDir('data');
    const backupDir = await tempDir('backups');
    openDatabase(dataDir).close();
    const { announced } = await build({ dataDir, env: { BACKUP_DIR: backupDir } });
    expect(announced.filter((line) => line.startsWith('Base de données mise à jour'))).toEqual([]);
  });

  it('keeps the last 14 backups', async () => {
    const dataDir = await tempDir('data');
    const backupDir = await tempDir('backups');
    openDatabase(dataDir).close();
    const start = Date.UTC(2026, 0, 1, 3, 0, 0);
    const written: string[] = [];
    for (let day = 0; day < BACKUPS_KEPT + 3; day++) {
      written.push((await writeBackup(dataDir, backupDir, start + day * DAY)).file);
    }
    expect(listBackups(backupDir).map((entry) => entry.file)).toEqual(
      written.slice(-BACKUPS_KEPT).reverse(),
    );
    expect(readdirSync(backupDir)).toHaveLength(BACKUPS_KEPT);
  });

  it('the server backs up at start when the last backup is older than a day', async () => {
    const dataDir = await tempDir('data');
    const backupDir = await tempDir('backups');
    openDatabase(dataDir).close();
    const old = await writeBackup(dataDir, backupDir, Date.now() - DAY - 60_000);

    const { app } = await build({ dataDir, env: { BACKUP_DIR: backupDir } });
    await vi.waitFor(() => expect(listBackups(backupDir)).toHaveLength(2), { timeout: 10_000 });
    expect(listBackups(backupDir)[1]?.file).toBe(old.file);
    await app.close();
  });
});
