import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { BackupSchedule } from './backup/backup-schedule.ts';
import { BACKUP_STALE_MS } from './backup/database-backups.ts';
import type { Clock } from './clock.ts';
import type { HealthRepository } from './db/health-repository.ts';

/** A lock held longer than this by someone else counts as "cannot write" for the probe. */
const PROBE_WAIT_MS = 2000;

/**
 * How long one write probe's answer stands. Anyone can call /healthz: without this, each call
 * would commit a write (and, while the database is locked, hold the server up to
 * PROBE_WAIT_MS); now a flood of calls costs one small write per 15 s at most, and a monitor
 * that calls every minute still gets a fresh probe each time.
 */
export const PROBE_INTERVAL_MS = 15_000;

export const healthSchema = z.object({
  status: z.enum(['ok', 'indisponible']),
  database: z.object({
    writable: z.boolean(),
    /** Why it cannot be written, in SQLite's words. */
    error: z.string().optional(),
    /** When the write probe this answer comes from ran (at most PROBE_INTERVAL_MS ago). */
    checkedAt: z.iso.datetime(),
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
  // The last probe's answer. The probe is synchronous (node:sqlite): calls that arrive while
  // it runs wait for it and then share its answer.
  let probe: { atMs: number; error: string | undefined } | undefined;
  const writable = (now: number) => {
    if (probe && now >= probe.atMs && now - probe.atMs < PROBE_INTERVAL_MS) return probe;
    let error: string | undefined;
    try {
      health.writeProbe(now, PROBE_WAIT_MS);
    } catch (cause) {
      error = `La base de données ne peut pas être écrite : ${cause instanceof Error ? cause.message : String(cause)}`;
    }
    probe = { atMs: now, error };
    return probe;
  };
  app.get(
    '/healthz',
    { schema: { response: { 200: healthSchema, 503: healthSchema } } },
    async (_request, reply) => {
      const now = clock();
      const { atMs: checkedAtMs, error } = writable(now);
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
          database: {
            writable: error === undefined,
            ...(error ? { error } : {}),
            checkedAt: new Date(checkedAtMs).toISOString(),
          },
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
