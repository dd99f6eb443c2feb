/**
 * A server of a test's own, for tests that the shared one (serve.ts) cannot host: one that needs
 * a setting the shared server lacks, or one whose data would disturb the tests running beside
 * it. The cleanups stop it and remove its data folder.
 *
 * `startOwnServer` builds the real app (`buildApp`, what `src-server/server.ts` runs) in the
 * test's worker, on the built site and a data folder of its own: about 1.5 s, against 10 s or
 * more for a Node process that loads the whole server again, at the load CI sees (the import
 * is paid once per worker). `startOwnServerProcess` runs `node src-server/server.ts` itself,
 * as `npm start` does, for a test of what that script prints (the first-password link).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../../src-server/app.ts';
import { loadConfig } from '../../src-server/config.ts';
import { serverLogger } from '../../src-server/logging.ts';
import { E2E_SERVER_ENV } from './fixtures.ts';

export type Cleanup = () => Promise<void> | void;

export interface OwnServer {
  /** « http://127.0.0.1:port », no trailing slash. */
  url: string;
  /** Everything the server has printed so far. */
  stdout(): string;
}

/** A data folder of the server's own, removed after it (cleanups run in reverse). */
function ownDataDir(addCleanup: (cleanup: Cleanup) => void): string {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'agence-e2e-own-'));
  addCleanup(() => rmSync(dataDir, { recursive: true, force: true }));
  return dataDir;
}

/**
 * Starts the app in this process and resolves once it listens. `env` adds settings; it is given
 * the data folder, for settings that name a file the test writes there.
 */
export async function startOwnServer(
  addCleanup: (cleanup: Cleanup) => void,
  env: (dataDir: string) => Record<string, string> = () => ({}),
): Promise<OwnServer> {
  const dataDir = ownDataDir(addCleanup);
  const settings = env(dataDir);
  // Node reads its own variables (NODE_EXTRA_CA_CERTS, NODE_OPTIONS…) only when a process
  // starts: in this worker they would be silently ignored.
  const nodeOnly = Object.keys(settings).filter((name) => name.startsWith('NODE_'));
  if (nodeOnly.length > 0) {
    throw new Error(`${nodeOnly.join(', ')} needs a process of its own: use startOwnServerProcess`);
  }
  const config = loadConfig({
    ...E2E_SERVER_ENV,
    PORT: '0',
    DATA_DIR: dataDir,
    ...settings,
  });
  let stdout = '';
  const app = await buildApp({
    config,
    logger: serverLogger(config),
    announce: (line) => {
      stdout += `${line}\n`;
    },
  });
  // Added after the folder's removal, so run before it: the server stops, then its data goes.
  addCleanup(() => app.close());
  await app.listen({ port: config.PORT, host: config.HOST });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  return { url: `http://127.0.0.1:${port}`, stdout: () => stdout };
}

/**
 * Starts `node src-server/server.ts` (as `npm start` runs it) and resolves once it listens;
 * the cleanups stop it with SIGTERM. `env` as for `startOwnServer`.
 */
export async function startOwnServerProcess(
  addCleanup: (cleanup: Cleanup) => void,
  env: (dataDir: string) => Record<string, string> = () => ({}),
): Promise<OwnServer> {
  const dataDir = ownDataDir(addCleanup);
  const child = spawn(process.execPath, ['src-server/server.ts'], {
    env: {
      PATH: process.env.PATH,
      ...E2E_SERVER_ENV,
      PORT: '0',
      DATA_DIR: dataDir,
      ...env(dataDir),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  addCleanup(
    () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  );
  let stdout = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = /http:\/\/localhost:(\d+)\//.exec(stdout);
      if (match) resolve(`http://127.0.0.1:${match[1]}`);
    });
    child.once('error', reject);
    child.once('exit', () => reject(new Error(`server exited early: ${stdout}`)));
  });
  return { url, stdout: () => stdout };
}
