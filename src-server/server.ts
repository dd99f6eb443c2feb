import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';

const config = loadConfig();
const app = await buildApp({
  config,
  logger: config.LOG_LEVEL === 'silent' ? false : { level: config.LOG_LEVEL },
});

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info(`${signal} reçu : arrêt en cours…`);
  // close() stops accepting connections and waits for requests in flight to finish.
  await app.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.PORT, host: config.HOST });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.PORT;
console.log(`Site disponible sur http://localhost:${port}/`);
