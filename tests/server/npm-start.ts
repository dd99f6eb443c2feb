/**
 * The real `npm start`, run in a temporary project folder holding the repository's
 * package.json and scripts (so that the test never touches a `.env` of the repository's own):
 * what an owner runs, settings file, build check and all.
 */
import { spawn } from 'node:child_process';
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
 * `npm start` in `project`, with the test's environment stripped of every server setting
 * (so that only `env` and the file count); stopped, with its children, after the test.
 */
export function npmStart(project: string, env: Record<string, string> = {}) {
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
