/**
 * A server of a test's own, for tests that the shared one (serve.ts) cannot host: one that needs
 * a setting the shared server lacks, or one whose data would disturb the tests running beside
 * it. It is `node src-server/server.ts` on the built site, as `npm start` runs it, on a data
 * folder of its own; the cleanups stop it and remove the folder.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { E2E_SERVER_ENV } from './fixtures.ts';

export type Cleanup = () => Promise<void> | void;

export interface OwnServer {
  /** « http://127.0.0.1:port », no trailing slash. */
  url: string;
  /** Everything the server has printed so far. */
  stdout(): string;
}

/**
 * Starts the server and resolves once it listens. `env` adds settings; it is given the data
 * folder, for settings that name a file the test writes there.
 */
export async function startOwnServer(
  addCleanup: (cleanup: Cleanup) => void,
  env: (dataDir: string) => Record<string, string> = () => ({}),
): Promise<OwnServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'agence-e2e-own-'));
  addCleanup(() => rmSync(dataDir, { recursive: true, force: true }));
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
  // Added after the folder's removal, so run before it: the server stops, then its data goes.
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
