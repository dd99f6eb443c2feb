/**
 * The server's daily backup is written and checked on a thread of its own (issue 48): SQLite's
 * integrity check and the folding of the copy into one file grow with the database, and on the
 * event loop every page waited for them. The same backup, the same French errors.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it, vi } from 'vitest';
import { checkDatabaseFile, listBackups } from '../../../src-server/backup/database-backups.ts';
import { writeBackupOffThread } from '../../../src-server/backup/backup-thread.ts';
import { DATABASE_FILE, openDatabase } from '../../../src-server/db/database.ts';
import { tempDir } from '../helpers.ts';
import { CONDITION_TIMEOUT_MS } from '../../wait.ts';

describe('the backup, off the event loop', () => {
  it('writes, checks and folds the copy on its own thread, and counts the messages', async () => {
    const dataDir = await tempDir('data');
    openDatabase(dataDir).close();
    const db = new DatabaseSync(path.join(dataDir, DATABASE_FILE));
    db.exec(`INSERT INTO contacts (id, full_name, service, email, phone, subject, message, created_at_ms)
      VALUES ('m1', 'Nom', 'Design', 'a@b.dz', '+213550000000', 'Sujet', 'Texte', 1)`);
    db.close();
    const backupDir = await tempDir('backups');
    const written = await writeBackupOffThread(dataDir, backupDir, Date.now());
    expect(written.messages).toBe(1);
    expect(listBackups(backupDir).map((backup) => backup.file)).toEqual([written.file]);
    expect(checkDatabaseFile(written.file).messages).toBe(1);
    // Folded into one file: nothing beside it.
    expect(existsSync(`${written.file}-wal`)).toBe(false);
  });

  it('says why in French when it fails, as on the event loop', async () => {
    const dataDir = await tempDir('data');
    const backupDir = await tempDir('backups');
    await expect(writeBackupOffThread(dataDir, backupDir, Date.now())).rejects.toThrow(
      /^Aucune base de données à sauvegarder : .+ n’existe pas\.$/,
    );
    await vi.waitFor(() => expect(listBackups(backupDir)).toHaveLength(0), {
      timeout: CONDITION_TIMEOUT_MS,
    });
  });
});
