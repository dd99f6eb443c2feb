import { z } from 'zod';

/** Beyond this age the dashboard (and /healthz) warn: two days without a backup. */
export const BACKUP_STALE_MS = 48 * 3_600_000;

/** The embedded server's backups as the dashboard reads them (GET /api/backups). */
export const backupStatusSchema = z.object({
  /** When the newest finished backup was taken (ms since 1970), null when there is none. */
  lastBackupAt: z.number().int().nullable(),
  /** Why the server's last try failed, in French, when it did (cleared by the next success). */
  lastError: z.string().nullable(),
});

export type BackupStatus = z.infer<typeof backupStatusSchema>;
