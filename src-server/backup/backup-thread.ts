import { Worker } from 'node:worker_threads';
import type { WrittenBackup } from './database-backups.ts';

/**
 * `writeBackup` on a thread of its own (backup-worker.ts): the copy, SQLite's integrity check
 * and the folding into one file take seconds on a large database, during which the server's
 * event loop would answer nothing. Same result, same French errors.
 */
export function writeBackupOffThread(
  dataDir: string,
  dir: string,
  now: number,
): Promise<WrittenBackup> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./backup-worker.ts', import.meta.url), {
      workerData: { dataDir, dir, now },
    });
    let settled = false;
    worker.once('message', (answer: { written: WrittenBackup } | { error: string }) => {
      settled = true;
      if ('written' in answer) resolve(answer.written);
      else reject(new Error(answer.error));
    });
    worker.once('error', (error) => {
      settled = true;
      reject(error);
    });
    worker.once('exit', (code) => {
      if (!settled) reject(new Error(`La sauvegarde s’est arrêtée (code ${code}).`));
    });
  });
}
