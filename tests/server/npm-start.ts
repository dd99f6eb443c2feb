/**
 * The real `npm start`, run in a temporary project folder holding the repository's
 * package.json and scripts (so that the test never touches a `.env` of the repository's own):
 * what an owner runs, settings file, build check and all.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { copyFile, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { onTestFinished } from 'vitest';
import { SERVER_VARIABLES } from '../../src-server/config.ts';
import { tempDir } from './helpers.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** A project folder whose `npm start` runs the repository's scripts, with `settings` as .env. */
export async function projectWith(settings: Record<string, string> | null): Promise<string> {
  const project = await tempDir('project');
  await copyFile(path.join(ROOT, 'package.json'), path.join(project, 'package.json'));
  await symlink(path.join(ROOT, 'scripts'), path.join(project, 'scripts'), 'dir');
  if (settings) {
    const lines = Object.entries(settings).map(([name, value]) => `${name}=${value}`);
    await writeFile(path.join(project, '.env'), `# Réglages du test\n${lines.join('\n')}\n`);
  }
  return project;
}

/**
 * npm start first installs what the repository's package-lock.json asks when node_modules
 * does not come from it (scripts/setup.mjs): in a test, that would replace the packages the
 * test run itself is using. Say so instead.
 */
function refuseToReinstall() {
  const lock = createHash('sha256')
    .update(readFileSync(path.join(ROOT, 'package-lock.json')))
    .digest('hex');
  const stamp = path.join(ROOT, 'node_modules', '.installed-from-lock');
  const installed = existsSync(stamp) ? readFileSync(stamp, 'utf8').trim().split(' ')[0] : '';
  if (installed !== lock) {
    throw new Error(
      'node_modules does not come from package-lock.json: npm start would reinstall it under this test run. Run npm install (or npm test) first.',
    );
  }
}

/**
 * `npm start` in `project`, with the test's environment stripped of every server setting
 * (so that only `env` and the file count); stopped, with its children, after the test.
 */
export function npmStart(project: string, env: Record<string, string> = {}) {
  refuseToReinstall();
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !(SERVER_VARIABLES as string[]).includes(name)),
  );
  const child = spawn('npm', ['start'], {
    cwd: project,
    env: { ...inherited, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  // 'close': once every process of the group has let go of the output, the server included.
  let closed = false;
  const exited = new Promise<void>((resolve) =>
    child.once('close', () => {
      closed = true;
      resolve();
    }),
  );
  onTestFinished(async () => {
    if (closed) return;
    // npm, its shell and the server: the whole group.
    process.kill(-(child.pid ?? 0), 'SIGTERM');
    await exited;
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return {
    output: () => output,
    /** Stops the server as systemd or Ctrl-C does, and resolves once everything has exited. */
    async stop() {
      process.kill(-(child.pid ?? 0), 'SIGTERM');
      await exited;
    },
  };
}
