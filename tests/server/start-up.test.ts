/**
 * What the owner reads when `npm start` cannot start: one French line, never a stack trace.
 */
import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it, onTestFinished } from 'vitest';
import { ADMIN, makeWebFixture, tempDir } from './helpers.ts';
import { signInOver, startServer } from './server-process.ts';

const SERVER_ENTRY = path.resolve(import.meta.dirname, '../../src-server/server.ts');

async function runServer(env: Record<string, string>, dataDir?: string) {
  dataDir ??= await tempDir('start');
  const webDir = await makeWebFixture(await tempDir('start-web'));
  try {
    await promisify(execFile)(process.execPath, [SERVER_ENTRY], {
      // Started in its data folder: a .env of the repository's own is never read.
      cwd: dataDir,
      env: {
        PATH: process.env.PATH,
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        WEB_DIR: webDir,
        LOG_LEVEL: 'silent',
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        ...env,
      },
    });
    throw new Error('the server was expected to stop');
  } catch (error) {
    const { code, stderr } = error as { code: number; stderr: string };
    return { code, lines: stderr.trim().split('\n') };
  }
}

// Each test starts Node on the whole server, as `npm start` does: over 10 s apiece on a
// loaded 2-core machine, where the default 20 s did not always suffice.
describe('start-up failures', { timeout: 60_000 }, () => {
  it('a port already in use gives one French line and exit code 1', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    onTestFinished(() => new Promise<void>((resolve) => blocker.close(() => resolve())));
    const address = blocker.address();
    const port = typeof address === 'object' && address ? address.port : 0;

    const { code, lines } = await runServer({ PORT: String(port) });

    expect(code).toBe(1);
    expect(lines).toEqual([expect.stringContaining(`Le port ${port} est déjà utilisé`)]);
  });

  it('a first start that stops on a busy port loses nothing: the next start prints a setup link', async () => {
    const dataDir = await tempDir('first-start');
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    onTestFinished(() => new Promise<void>((resolve) => blocker.close(() => resolve())));
    const address = blocker.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const noAccount = { ADMIN_EMAIL: '', ADMIN_PASSWORD: '' };

    const failed = await runServer({ ...noAccount, PORT: String(port) }, dataDir);
    expect(failed.code).toBe(1);

    const webDir = await makeWebFixture(await tempDir('start-web'));
    const server = await startServer(dataDir, webDir, noAccount);
    await expect.poll(server.stdout, { timeout: 20_000 }).toContain('#jeton=');
    const link = /(http:\/\/localhost:\d+\/pageBienvenue)#jeton=([\w-]+)/.exec(server.stdout());
    expect(server.stdout()).toContain('Aucun compte administrateur pour l’instant');
    const response = await fetch(`${server.url}/api/setup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: link?.[2], ...ADMIN }),
    });
    expect(response.status).toBe(200);
    expect((await fetch(`${server.url}/pageBienvenue`)).status).toBe(200);
    expect(await signInOver(server.url)).toMatch(/^sid=/);
  });

  it('a second start that fails on the busy port leaves the running server’s setup link working', async () => {
    const dataDir = await tempDir('second-start');
    const noAccount = { ADMIN_EMAIL: '', ADMIN_PASSWORD: '' };
    const webDir = await makeWebFixture(await tempDir('start-web'));
    const running = await startServer(dataDir, webDir, noAccount);
    await expect.poll(running.stdout, { timeout: 20_000 }).toContain('#jeton=');
    const token = /#jeton=([\w-]+)/.exec(running.stdout())?.[1];

    // Started again by mistake (a second terminal, a service and a shell): the port is taken.
    const second = await runServer({ ...noAccount, PORT: new URL(running.url).port }, dataDir);
    expect(second.code).toBe(1);
    expect(second.lines).toEqual([expect.stringContaining('est déjà utilisé')]);

    const response = await fetch(`${running.url}/api/setup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token, ...ADMIN }),
    });
    expect(response.status).toBe(200);
    expect(await signInOver(running.url)).toMatch(/^sid=/);
  });

  it('a malformed setting gives French lines naming the variable, without a stack trace', async () => {
    const { code, lines } = await runServer({ PORT: 'trois-mille' });

    expect(code).toBe(1);
    expect(lines[0]).toBe('Configuration invalide :');
    expect(lines.join('\n')).toContain('PORT');
    expect(lines.join('\n')).not.toMatch(/\n\s+at /);
  });

  it('a malformed SMTP_URL stops the start with a French line, without the password', async () => {
    const { code, lines } = await runServer({ SMTP_URL: 'smtp//site:motdepasse@ssl0.ovh.net' });

    expect(code).toBe(1);
    expect(lines).toEqual([
      'Configuration invalide :',
      expect.stringContaining('SMTP_URL: SMTP_URL doit être une adresse smtp:// ou smtps://'),
    ]);
    expect(lines.join('\n')).not.toContain('motdepasse');
  });

  it('an unreadable push key file stops the start with one French line saying what to do', async () => {
    const dataDir = await tempDir('start');
    await writeFile(path.join(dataDir, 'vapid-keys.json'), '{ tronqué');

    const { code, lines } = await runServer({}, dataDir);

    expect(code).toBe(1);
    expect(lines).toEqual([expect.stringMatching(/vapid-keys\.json est illisible : supprimez-le/)]);
  });
});
