import type { Clock } from '../clock.ts';
import { writeBackupOffThread } from './backup-thread.ts';
import { BACKUP_INTERVAL_MS, lastBackup, type BackupFile } from './database-backups.ts';

/** After a failed backup (a full or absent disk), the next try comes sooner than a day. */
const RETRY_AFTER_FAILURE_MS = 3_600_000;

export interface BackupScheduleOptions {
  dataDir: string;
  dir: string;
  clock: Clock;
  /** One French line per backup, and per failure. */
  say: (line: string) => void;
  warn: (line: string) => void;
}

/**
 * The server's daily backup: at start when the last one (whoever made it, `npm run backup`
 * included) is older than a day, then a day after each one.
 */
export class BackupSchedule {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private closed = false;
  private failure: string | null = null;

  private readonly options: BackupScheduleOptions;

  constructor(options: BackupScheduleOptions) {
    this.options = options;
  }

  /** Why the last try failed, or null when it succeeded (or none was tried yet). */
  lastError(): string | null {
    return this.failure;
  }

  /** The newest finished backup in the folder, from the files themselves. */
  last(): BackupFile | null {
    return lastBackup(this.options.dir);
  }

  start(): void {
    const last = this.last();
    const due = last ? last.takenAt + BACKUP_INTERVAL_MS - this.options.clock() : 0;
    this.schedule(Math.max(0, due));
  }

  private schedule(delayMs: number): void {
    if (this.closed) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.running = this.run().finally(() => (this.running = null));
    }, delayMs);
    // A pending backup never keeps the process alive.
    this.timer.unref();
  }

  private async run(): Promise<void> {
    const { dataDir, dir, clock, say, warn } = this.options;
    try {
      // On a thread of its own: the server keeps answering while it is written and checked.
      const { file } = await writeBackupOffThread(dataDir, dir, clock());
      this.failure = null;
      say(`Sauvegarde de la base de données : ${file}`);
      this.schedule(BACKUP_INTERVAL_MS);
    } catch (error) {
      this.failure = error instanceof Error ? error.message : String(error);
      warn(
        `La sauvegarde de la base de données a échoué (nouvel essai dans une heure) : ${this.failure}`,
      );
      this.schedule(RETRY_AFTER_FAILURE_MS);
    }
  }

  /** Stops the schedule; a backup being written is finished first (before the file closes). */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }
}
