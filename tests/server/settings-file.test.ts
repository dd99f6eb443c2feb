/**
 * The settings file `.env`, read by the real `npm start` from the project's root: here a
 * temporary project folder holding the repository's package.json and scripts, so that the
 * test never touches a `.env` of the repository's own.
 */
import { spawn } from 'node:child_process';
import { copyFile, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { SERVER_VARIABLES } from '../../src-server/config.ts';
import { freePort, smtpStandIn } from '../fixtures/smtp-stand-in.ts';
import { ADMIN, makeWebFixture, tempDir, VALID_CONTACT } from './helpers.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** A project folder whose `npm start` runs the repository's scripts, with `settings` as .env. */
async function projectWith(settings: Record<string, string> | null): Promise<string> {
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
function npmStart(project: string, env: Record<string, string> = {}) {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !(SERVER_VARIABLES as string[]).includes(name)),
  );
  const child = spawn('npm', ['start'], {
    cwd: project,
    env: { ...inherited, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  onTestFinished(async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    // npm, its shell and the server: the whole group.
    process.kill(-(child.pid ?? 0), 'SIGTERM');
    await exited;
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { output: () => output };
}

describe('the settings file .env', { timeout: 180_000 }, () => {
  it('is read by npm start: its PORT and SMTP_URL apply, and the start-up names it', async () => {
    const smtp = await smtpStandIn(onTestFinished);
    await smtp.start();
    const port = await freePort();
    const webDir = await makeWebFixture(await tempDir('settings-web'));
    const project = await projectWith({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: await tempDir('settings-data'),
      WEB_DIR: webDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SMTP_URL: smtp.url(),
      NOTIFY_EMAIL: 'patron@agence.test',
    });

    const server = npmStart(project);

    await expect
      .poll(server.output, { timeout: 150_000 })
      .toContain(`Site disponible sur http://localhost:${port}/`);
    expect(server.output()).toContain(
      `Réglages lus dans ${path.join(project, '.env')} (une variable définie dans l’environnement passe avant).`,
    );
    const posted = await fetch(`http://127.0.0.1:${port}/api/contacts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(VALID_CONTACT),
    });
    expect(posted.status).toBe(201);
    const [mail] = await smtp.waitForMails(1, 60_000);
    expect(mail?.to).toMatchObject({ text: 'patron@agence.test' });
    expect(mail?.subject).toContain(VALID_CONTACT.fullName);
  });

  it('gives way to the environment: a PORT set there wins over the file’s', async () => {
    const [filePort, environmentPort] = [await freePort(), await freePort()];
    const project = await projectWith({
      PORT: String(filePort),
      HOST: '127.0.0.1',
      DATA_DIR: await tempDir('settings-data'),
      WEB_DIR: await makeWebFixture(await tempDir('settings-web')),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    });

    const server = npmStart(project, { PORT: String(environmentPort) });

    await expect
      .poll(server.output, { timeout: 150_000 })
      .toContain(`Site disponible sur http://localhost:${environmentPort}/`);
    expect((await fetch(`http://127.0.0.1:${environmentPort}/api/session`)).status).toBe(401);
    await expect(fetch(`http://127.0.0.1:${filePort}/`)).rejects.toThrow();
  });

  it('may be absent: the start-up says that none was read', async () => {
    const port = await freePort();
    const project = await projectWith(null);

    const server = npmStart(project, {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: await tempDir('settings-data'),
      WEB_DIR: await makeWebFixture(await tempDir('settings-web')),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    });

    await expect
      .poll(server.output, { timeout: 150_000 })
      .toContain(`Site disponible sur http://localhost:${port}/`);
    expect(server.output()).toContain(
      `Aucun fichier de réglages ${path.join(project, '.env')} : l’environnement et les valeurs par défaut s’appliquent`,
    );
  });
});
