/**
 * The server the e2e tests run against (playwright.config.ts): the real one, on a data folder
 * of its own that is removed once it has stopped, so that a run leaves nothing in the
 * temporary directory. Playwright stops it with SIGTERM; the server closes its database first.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const dataDir = mkdtempSync(path.join(tmpdir(), 'agence-e2e-'));
const server = spawn(
  process.execPath,
  [path.join(import.meta.dirname, '../../src-server/server.ts')],
  {
    stdio: 'inherit',
    env: { ...process.env, DATA_DIR: dataDir },
  },
);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 1);
});
