import { spawn } from 'node:child_process';
import path from 'node:path';
import { onTestFinished } from 'vitest';
import { ADMIN, VALID_CONTACT } from './helpers.ts';

const SERVER_ENTRY = path.resolve(import.meta.dirname, '../../src-server/server.ts');

/**
 * Starts `node src-server/server.ts` as `npm start` would, and resolves with its URL once it
 * listens. Killed after the test if still running.
 */
export async function startServer(
  dataDir: string,
  webDir: string,
  env: Record<string, string> = {},
) {
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    // Started in its data folder: a .env of the repository's own is never read.
    cwd: dataDir,
    env: {
      PATH: process.env.PATH,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIR: webDir,
      LOG_LEVEL: 'silent',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      CONTACT_RATE_LIMIT: '1000000',
      CONTACT_SENDER_LIMIT: '1000000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  onTestFinished(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  let stdout = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = /http:\/\/localhost:(\d+)\//.exec(stdout);
      if (match) resolve(`http://127.0.0.1:${match[1]}`);
    });
    void exited.then(() => reject(new Error(`server exited early: ${stderr}`)));
  });
  return { child, url, exited, stdout: () => stdout };
}

/** Signs in over HTTP and returns the `Cookie` header value. */
export async function signInOver(url: string): Promise<string> {
  const response = await fetch(`${url}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  return response.headers.getSetCookie()[0]?.split(';')[0] ?? '';
}

/** Posts messages `concurrency` at a time until stopped; returns the ids that got a 201. */
export function burst(url: string, concurrency: number) {
  const acknowledged: string[] = [];
  let running = true;
  let sent = 0;
  const worker = async () => {
    while (running) {
      sent += 1;
      try {
        const response = await fetch(`${url}/api/contacts`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ ...VALID_CONTACT, subject: `Rafale ${sent}` }),
        });
        if (response.status === 201)
          acknowledged.push(((await response.json()) as { id: string }).id);
        else await response.body?.cancel();
      } catch {
        // The server is gone: that post was never acknowledged.
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    }
  };
  const workers = Array.from({ length: concurrency }, worker);
  return {
    acknowledged,
    stop: async () => {
      running = false;
      await Promise.all(workers);
    },
  };
}
