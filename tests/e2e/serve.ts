/**
 * The server the e2e tests run against (playwright.config.ts): the real app on a data folder
 * of its own, removed once the app has closed, so that a run leaves nothing in the temporary
 * directory. Passwords are hashed with a cheap scrypt cost (E2E_SERVER_ENV, in fixtures.ts).
 * Playwright stops it with SIGTERM.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../../src-server/app.ts';
import { loadConfig } from '../../src-server/config.ts';
import { serverLogger } from '../../src-server/logging.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'agence-e2e-'));
const config = loadConfig({ ...process.env, DATA_DIR: dataDir });
const app = await buildApp({ config, logger: serverLogger(config) });

let stopping = false;
async function stop(code: number) {
  if (stopping) return;
  stopping = true;
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code);
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

try {
  await app.listen({ port: config.PORT, host: config.HOST });
} catch (error) {
  console.error(error);
  await stop(1);
}
