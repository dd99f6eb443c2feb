/** The thread a backup is written on (backup-thread.ts). */
import { parentPort, workerData } from 'node:worker_threads';
import { writeBackup } from './database-backups.ts';

const { dataDir, dir, now } = workerData as { dataDir: string; dir: string; now: number };
try {
  parentPort?.postMessage({ written: await writeBackup(dataDir, dir, now) });
} catch (error) {
  parentPort?.postMessage({ error: error instanceof Error ? error.message : String(error) });
}
