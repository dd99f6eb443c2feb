import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { listBackups, writeBackup } from '../../src-server/backup/database-backups.ts';
import { DATABASE_FILE, openDatabase } from '../../src-server/db/database.ts';
import { healthSchema, PROBE_INTERVAL_MS } from '../../src-server/health.ts';
import { build, manualClock, postContact, signIn, tempDir, VALID_CONTACT } from './helpers.ts';
import { CONDITION_TIMEOUT_MS } from '../wait.ts';

const HOUR = 3_600_000;

describe('GET /healthz', () => {
  it('answers 200 with the database writable, the pending notifications and the last backup’s age', async () => {
    const dataDir = await tempDir('data');
    const backupDir = await tempDir('backups');
    openDatabase(dataDir).close();
    // A backup from three days ago: the start makes a new one, then the age is fresh.
    await writeBackup(dataDir, backupDir, Date.now() - 72 * HOUR);
    const { app } = await build({
      dataDir,
      env: {
        BACKUP_DIR: backupDir,
        SMTP_URL: 'smtp://utilisateur:secret@127.0.0.1:9',
        NOTIFY_EMAIL: 'patron@exemple.dz',
        MAIL_FROM: 'site@exemple.dz',
      },
    });
    // The SMTP server is unreachable: the message's e-mail waits in the outbox.
    expect((await postContact(app, VALID_CONTACT)).statusCode).toBe(201);

    await vi.waitFor(() => expect(listBackups(backupDir)).toHaveLength(2), { timeout: 10_000 });
    const response = await app.inject({ url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = healthSchema.parse(response.json());
    expect(body.status).toBe('ok');
    expect(body.database).toMatchObject({ writable: true });
    expect(body.outbox.pending).toBeGreaterThanOrEqual(1);
    expect(body.backup.stale).toBe(false);
    expect(body.backup.ageSeconds).toBeLessThan(60);
    expect(body.backup.last).toBe(new Date(listBackups(backupDir)[0]?.takenAt ?? 0).toISOString());
  });

  it('answers 503 while the database cannot be written, and 200 again once it can', async () => {
    const { clock, advance } = manualClock();
    const { app, dataDir } = await build({ clock });
    expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);

    // Another process holds the write lock (a stuck script, a copy tool): nothing can be stored.
    const other = new DatabaseSync(path.join(dataDir, DATABASE_FILE));
    other.exec('BEGIN IMMEDIATE');
    other.exec(
      'INSERT INTO health_checks (id, checked_at_ms) VALUES (1, 0) ON CONFLICT DO NOTHING',
    );
    try {
      // The probe's answer stands for PROBE_INTERVAL_MS; past it, the lock is found.
      advance(PROBE_INTERVAL_MS);
      const response = await app.inject({ url: '/healthz' });
      expect(response.statusCode).toBe(503);
      const body = healthSchema.parse(response.json());
      expect(body.status).toBe('indisponible');
      expect(body.database.writable).toBe(false);
      expect(body.database.error).toMatch(/^La base de données ne peut pas être écrite : .*locked/);
      expect(body.database.checkedAt).toBe(new Date(clock()).toISOString());
      // Asked again at once, it answers the same without waiting on the lock again.
      const again = await app.inject({ url: '/healthz' });
      expect(again.statusCode).toBe(503);
      expect(again.json()).toEqual(response.json());
    } finally {
      other.exec('ROLLBACK');
      other.close();
    }
    advance(PROBE_INTERVAL_MS);
    expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
  });

  it('writes to the database once per interval, however often it is called', async () => {
    const { clock, advance } = manualClock();
    const { app, dataDir } = await build({ clock });
    const reader = new DatabaseSync(path.join(dataDir, DATABASE_FILE), { readOnly: true });
    onTestFinished(() => reader.close());
    /** Changes committed by another connection since the last call (SQLite's data_version). */
    let seen = Number(reader.prepare('PRAGMA data_version').get()?.data_version);
    const commitsSinceLastLook = () => {
      const now = Number(reader.prepare('PRAGMA data_version').get()?.data_version);
      const changed = now !== seen;
      seen = now;
      return changed;
    };
    const stamp = () => reader.prepare('SELECT checked_at_ms FROM health_checks').get();

    const first = await app.inject({ url: '/healthz' });
    expect(first.statusCode).toBe(200);
    expect(commitsSinceLastLook()).toBe(true);
    expect(stamp()).toEqual({ checked_at_ms: clock() });
    const probedAt = clock();

    // A flood of calls within the interval, fifty at once and more later: no write at all.
    const flood = await Promise.all(
      Array.from({ length: 50 }, () => app.inject({ url: '/healthz' })),
    );
    expect(flood.map((response) => response.statusCode)).toEqual(Array(50).fill(200));
    advance(PROBE_INTERVAL_MS - 1);
    expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
    expect(commitsSinceLastLook()).toBe(false);
    expect(stamp()).toEqual({ checked_at_ms: probedAt });
    expect(healthSchema.parse(flood[49]?.json()).database.checkedAt).toBe(
      new Date(probedAt).toISOString(),
    );

    // Past it, the next call probes again.
    advance(1);
    expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
    expect(commitsSinceLastLook()).toBe(true);
    expect(stamp()).toEqual({ checked_at_ms: clock() });
  });

  it('says the backup is missing when none could be written', async () => {
    // A backup folder that cannot exist (under a file): every backup fails.
    const blocked = path.join(await tempDir('blocked'), 'un-fichier');
    await writeFile(blocked, '');
    const { app } = await build({ env: { BACKUP_DIR: path.join(blocked, 'backups') } });
    const response = await app.inject({ url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(healthSchema.parse(response.json()).backup).toEqual({
      last: null,
      ageSeconds: null,
      stale: true,
    });
    // The dashboard hears why.
    const cookie = await signIn(app);
    await vi.waitFor(
      async () => {
        const status = (await app.inject({ url: '/api/backups', headers: { cookie } })).json<{
          lastError: string | null;
        }>();
        expect(status.lastError).toMatch(/ENOTDIR|EEXIST/);
      },
      { timeout: CONDITION_TIMEOUT_MS },
    );
  });
});

describe('GET /api/backups', () => {
  it('gives the signed-in owner the last backup’s date, and nobody else', async () => {
    const backupDir = await tempDir('backups');
    const { app } = await build({ env: { BACKUP_DIR: backupDir } });
    await vi.waitFor(() => expect(listBackups(backupDir)).toHaveLength(1), { timeout: 10_000 });
    expect((await app.inject({ url: '/api/backups' })).statusCode).toBe(401);
    const cookie = await signIn(app);
    const response = await app.inject({ url: '/api/backups', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      lastBackupAt: listBackups(backupDir)[0]?.takenAt,
      lastError: null,
    });
  });
});
