/**
 * docs/deploy.md's copy of the backups off the machine, tried: deploy/agence-restic.sh sends
 * the backups folder to a restic repository (a local folder here; an SFTP server works the
 * same), and a backup restored from it opens with every message.
 */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { writeBackup } from '../../src-server/backup/database-backups.ts';
import { build, postContact, tempDir, VALID_CONTACT } from '../server/helpers.ts';

const run = promisify(execFile);
const RESTIC = '/usr/bin/restic';
const SCRIPT = path.resolve(import.meta.dirname, '../../deploy/agence-restic.sh');

describe('copying the backups off the machine with restic', () => {
  it('deploy/agence-restic.sh stores the backups in a restic repository, and one restored from it holds every message', async () => {
    if (!existsSync(RESTIC)) {
      throw new Error(
        `restic introuvable (${RESTIC}) : installez le paquet Debian restic (apt-get install restic), comme le fait .ci/run.`,
      );
    }
    const backupDir = await tempDir('backups');
    const { app, dataDir } = await build({ env: { BACKUP_DIR: backupDir } });
    const ids: string[] = [];
    for (let index = 0; index < 5; index++) {
      const response = await postContact(app, { ...VALID_CONTACT, subject: `Sujet ${index}` });
      expect(response.statusCode).toBe(201);
      ids.push(response.json<{ id: string }>().id);
    }
    const { file } = await writeBackup(dataDir, backupDir, Date.now());

    const repository = await tempDir('restic-repo');
    const env = {
      PATH: process.env.PATH,
      HOME: await tempDir('restic-home'),
      RESTIC_REPOSITORY: repository,
      RESTIC_PASSWORD: 'un mot de passe de dépôt de test',
      RESTIC_CACHE_DIR: await tempDir('restic-cache'),
      BACKUP_DIR: backupDir,
    };
    await run(RESTIC, ['init'], { env });
    await run(SCRIPT, [], { env });

    const target = await tempDir('restic-restore');
    await run(RESTIC, ['restore', 'latest', '--tag', 'agence', '--target', target], { env });
    const restored = path.join(target, file);
    expect(readdirSync(path.dirname(restored))).toContain(path.basename(file));
    const db = new DatabaseSync(restored, { readOnly: true });
    try {
      expect(db.prepare('PRAGMA integrity_check').get()?.integrity_check).toBe('ok');
      const stored = db
        .prepare('SELECT id FROM contacts')
        .all()
        .map((row) => String(row.id));
      expect(new Set(stored)).toEqual(new Set(ids));
    } finally {
      db.close();
    }
  }, 60_000);
});
