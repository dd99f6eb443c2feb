import { chmodSync, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  claimDataDir,
  restoreBackup,
  SERVER_PID_FILE,
  writeBackup,
} from '../../../src-server/backup/database-backups.ts';
import { DATABASE_FILE } from '../../../src-server/db/database.ts';
import { makeTempDir } from '../../temp-dirs.ts';
import { build, postContact, VALID_CONTACT } from '../helpers.ts';

/** The permission bits of a file or folder, as `ls -l` shows them in octal (« 600 »). */
function modeOf(file: string): string {
  return (statSync(file).mode & 0o777).toString(8);
}

/**
 * Issue 47, finding 3: `data/`, the database, its WAL and every backup were created 755/644
 * (the shell's or the service's umask), readable by www-data, caddy or any other account of a
 * shared VPS. The modes are asserted whatever this process's umask (022 on a usual machine,
 * where the previous code failed every one of them).
 */
describe('the data folder is readable by the server’s account only', () => {
  it('creates data/, the database, its -wal and -shm, and every backup 700/600', async () => {
    const root = makeTempDir('private');
    const dataDir = path.join(root, 'data');
    const backupDir = path.join(root, 'sauvegardes');
    const { app, announced } = await build({ dataDir, env: { BACKUP_DIR: backupDir } });
    expect((await postContact(app, VALID_CONTACT)).statusCode).toBe(201);
    const database = path.join(dataDir, DATABASE_FILE);
    expect(modeOf(dataDir)).toBe('700');
    expect(modeOf(database)).toBe('600');
    expect(existsSync(`${database}-wal`)).toBe(true);
    expect(modeOf(`${database}-wal`)).toBe('600');
    expect(modeOf(`${database}-shm`)).toBe('600');
    // A new folder is no warning.
    expect(announced.filter((line) => line.includes('ouvert aux autres comptes'))).toEqual([]);

    const { file } = await writeBackup(dataDir, backupDir, Date.now());
    expect(modeOf(backupDir)).toBe('700');
    expect(modeOf(file)).toBe('600');

    const release = claimDataDir(dataDir);
    try {
      expect(modeOf(path.join(dataDir, SERVER_PID_FILE))).toBe('600');
    } finally {
      release();
    }
  });

  it('restores 600, and keeps the « avant-restauration » copy 600, from files an older version left 644', async () => {
    const root = makeTempDir('private');
    const dataDir = path.join(root, 'data');
    const backupDir = path.join(root, 'sauvegardes');
    const first = await build({ dataDir, env: { BACKUP_DIR: backupDir } });
    expect((await postContact(first.app, VALID_CONTACT)).statusCode).toBe(201);
    const { file } = await writeBackup(dataDir, backupDir, Date.now());
    await first.app.close();
    // As an older version wrote them.
    const database = path.join(dataDir, DATABASE_FILE);
    chmodSync(database, 0o644);
    chmodSync(file, 0o644);

    const { kept } = restoreBackup(file, dataDir, Date.now());
    expect(modeOf(database)).toBe('600');
    expect(kept).not.toBeNull();
    expect(modeOf(kept ?? '')).toBe('600');
    for (const name of readdirSync(dataDir)) {
      expect(modeOf(path.join(dataDir, name)), name).toMatch(/^[67]00$/);
    }
  });

  it('says at start, in one French line, that an existing data folder is open to other accounts', async () => {
    const dataDir = makeTempDir('private');
    chmodSync(dataDir, 0o755);
    const { announced } = await build({ dataDir });
    const lines = announced.filter((line) => line.includes('ouvert aux autres comptes'));
    expect(lines).toEqual([
      `Le dossier de données ${dataDir} est ouvert aux autres comptes de la machine (droits 755) : les messages et l’empreinte du mot de passe y sont lisibles ; fermez-le avec chmod -R go= ${dataDir}`,
    ]);
    // The database created in it is 600 all the same.
    expect(modeOf(path.join(dataDir, DATABASE_FILE))).toBe('600');
  });

  it('runs the service with UMask=0077 (deploy/agence.service)', () => {
    const unit = readFileSync(
      path.resolve(import.meta.dirname, '../../../deploy/agence.service'),
      'utf8',
    );
    expect(unit).toMatch(/^UMask=0077$/m);
  });
});
