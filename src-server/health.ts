import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { BackupSchedule } from './backup/backup-schedule.ts';
import { BACKUP_STALE_MS } from './backup/database-backups.ts';
import type { Clock } from './clock.ts';
import type { HealthRepository } from './db/health-repository.ts';

/** A lock held longer than this by someone else counts as "cannot write" for the probe. */
const PROBE_WAIT_MS = 2000;

export const healthSchema = z.object({
  status: z.enum(['ok', 'indisponible']),
  database: z.object({
    writable: z.boolean(),
    /** Why it cannot be written, in SQLite's words. */
    error: z.string().optional(),
  }),
  outbox: z.object({ pending: z.number().int().nonnegative().nullable() }),
  backup: z.object({
    /** The newest finished backup, ISO 8601, or null when there is none. */
    last: z.iso.datetime().nullable(),
    ageSeconds: z.number().int().nullable(),
    /** Older than two days, or none at all. */
    stale: z.boolean(),
  }),
});

export interface HealthOptions {
  health: HealthRepository;
  backups: BackupSchedule;
  clock: Clock;
}

/**
 * GET /healthz, for a supervisor (an uptime monitor, Caddy's health checks): 200 while the
 * database can store a message, 503 when it cannot; the outbox's backlog and the last
 * backup's age say what else needs looking at. No personal data.
 */
export const healthPlugin: FastifyPluginAsyncZod<HealthOptions> = async (
  app,
  { health, backups, clock },
) => {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.get(
    '/healthz',
    { schema: { response: { 200: healthSchema, 503: healthSchema } } },
    async (_request, reply) => {
      const now = clock();
      let error: string | undefined;
      try {
        health.writeProbe(now, PROBE_WAIT_MS);
      } catch (cause) {
        error = `La base de données ne peut pas être écrite : ${cause instanceof Error ? cause.message : String(cause)}`;
      }
      let pending: number | null = null;
      try {
        pending = health.pendingNotifications();
      } catch {
        // Unreadable as well: the status already says the database is down.
      }
      const last = backups.last();
      const ageMs = last ? Math.max(0, now - last.takenAt) : null;
      return reply
        .code(error === undefined ? 200 : 503)
        .header('cache-control', 'no-store')
        .send({
          status: error === undefined ? 'ok' : 'indisponible',
          database: { writable: error === undefined, ...(error ? { error } : {}) },
          outbox: { pending },
          backup: {
            last: last ? new Date(last.takenAt).toISOString() : null,
            ageSeconds: ageMs === null ? null : Math.floor(ageMs / 1000),
            stale: ageMs === null || ageMs > BACKUP_STALE_MS,
          },
        });
    },
  );
};
