import type { FastifyServerOptions } from 'fastify';
import type { ServerConfig } from './config.ts';

/** pino's numeric levels, as they arrive in each JSON line. */
const LEVEL_NAMES: Record<number, string> = {
  40: 'Avertissement',
  50: 'Erreur',
  60: 'Erreur grave',
};

/** What a pino line holds that a person wants to read. */
interface LogEntry {
  level?: number;
  time?: number;
  msg?: string;
  err?: { message?: string; code?: string };
}

const clockTime = new Intl.DateTimeFormat('fr-FR', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/**
 * One pino JSON line as one French line: « 26/11/2026 11:30:02 Erreur : Erreur de l’API :
 * database is locked ». The stack and the request's details stay out (LOG_LEVEL brings them
 * back, as JSON).
 */
export function frenchLogLine(json: string): string {
  let entry: LogEntry;
  try {
    entry = JSON.parse(json) as LogEntry;
  } catch {
    return json.trimEnd();
  }
  const level = LEVEL_NAMES[entry.level ?? 0] ?? 'Information';
  const time = clockTime.format(new Date(entry.time ?? Date.now())).replace(',', '');
  const reason = entry.err?.message ? ` : ${entry.err.message}` : '';
  return `${time} ${level} : ${entry.msg ?? ''}${reason}`.replace(/\s*\n\s*/g, ' ');
}

/**
 * The server's log, as configured:
 * - by default, for a person at a terminal or reading `journalctl`: warnings and errors only,
 *   one French line each (the start-up lines, the setup link and the stop are printed apart,
 *   on stdout); no line per request;
 * - with an explicit LOG_LEVEL, or LOG_REQUESTS (at info): Fastify's JSON lines at that level,
 *   one per request included, for a log tool;
 * - LOG_LEVEL=silent: nothing.
 */
export function serverLogger(
  config: Pick<ServerConfig, 'LOG_LEVEL' | 'LOG_REQUESTS'>,
  write: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
): FastifyServerOptions['logger'] {
  if (config.LOG_LEVEL === 'silent') return false;
  if (config.LOG_LEVEL !== undefined || config.LOG_REQUESTS) {
    return { level: config.LOG_LEVEL ?? 'info' };
  }
  return {
    level: 'warn',
    stream: { write: (json: string) => write(frenchLogLine(json)) },
  };
}
