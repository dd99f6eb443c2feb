import { buildApp } from './app.ts';
import { firstPasswordBanner, firstPasswordLink } from './auth/first-password.ts';
import { loadConfig, readSettings } from './config.ts';
import { claimDataDir } from './backup/database-backups.ts';
import { serverLogger } from './logging.ts';

/** One French line for the usual reasons the port cannot be opened, instead of a stack trace. */
function listenFailure(error: unknown, port: number): string {
  const code = error instanceof Error && 'code' in error ? error.code : undefined;
  if (code === 'EADDRINUSE') {
    return `Le port ${port} est déjà utilisé par un autre programme : arrêtez-le, ou choisissez un autre port (par exemple PORT=${port + 1} npm start).`;
  }
  if (code === 'EACCES') {
    return `Le port ${port} est réservé à l’administrateur du système : choisissez un port au-dessus de 1024 (par exemple PORT=3000 npm start).`;
  }
  if (code === 'EADDRNOTAVAIL') {
    return `L’adresse HOST n’existe pas sur cette machine : laissez HOST vide (toutes les adresses) ou donnez-en une de la machine.`;
  }
  return `Le serveur n’a pas pu écouter sur le port ${port} : ${error instanceof Error ? error.message : String(error)}`;
}

// A request still running this long after the stop signal is abandoned.
const SHUTDOWN_GRACE_MS = 10_000;

let config;
try {
  // `.env` of the folder the server starts in: the project's root with npm start, where
  // DATA_DIR and WEB_DIR are read from too.
  const settings = readSettings(process.env, process.cwd());
  console.log(settings.line);
  config = loadConfig(settings.env);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

let app: Awaited<ReturnType<typeof buildApp>>;
try {
  app = await buildApp({
    config,
    logger: serverLogger(config),
  });
} catch (error) {
  // What stops the start before listening (a data folder that cannot be written, an
  // unreadable key file) is said in one line.
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  console.log(`${signal} reçu : arrêt en cours…`);
  const timer = setTimeout(() => {
    app.log.error('Arrêt forcé : des requêtes ne se sont pas terminées à temps.');
    process.exit(1);
  }, SHUTDOWN_GRACE_MS);
  timer.unref();
  // close() ends the event streams, stops accepting connections, waits for the requests in
  // flight (a message being written is committed and answered), then closes the database.
  await app.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

try {
  await app.listen({ port: config.PORT, host: config.HOST });
} catch (error) {
  console.error(listenFailure(error, config.PORT));
  await app.close();
  process.exit(1);
}
// Only once listening: a second start that fails on the same folder leaves the mark alone.
const releaseDataDir = claimDataDir(config.DATA_DIR);
process.on('exit', releaseDataDir);
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.PORT;
console.log(`Site disponible sur http://localhost:${port}/`);
// Made only now that the port is open: a start that fails makes no link, so the link of a
// server already running on this data folder still works, and the next start makes a new one.
const firstPasswordToken = app.startFirstPassword();
if (firstPasswordToken) {
  const origin = config.PUBLIC_URL ?? `http://localhost:${port}`;
  console.log(firstPasswordBanner(firstPasswordLink(origin, firstPasswordToken)));
}
