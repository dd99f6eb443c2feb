/**
 * The real `npm start`, as an owner runs it: the settings file `.env` read from the project's
 * root, and a console a person can read. In one file, so that its starts never run side by
 * side (a start whose site needs building builds it in the repository's dist/).
 */
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { freePort, smtpStandIn } from '../fixtures/smtp-stand-in.ts';
import { ADMIN, makeWebFixture, tempDir, VALID_CONTACT } from './helpers.ts';
import { npmStart, projectWith } from './npm-start.ts';

describe('the settings file .env', { timeout: 480_000 }, () => {
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
      .poll(server.output, { timeout: 400_000 })
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
      .poll(server.output, { timeout: 400_000 })
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
      .poll(server.output, { timeout: 400_000 })
      .toContain(`Site disponible sur http://localhost:${port}/`);
    expect(server.output()).toContain(
      `Aucun fichier de réglages ${path.join(project, '.env')} : l’environnement et les valeurs par défaut s’appliquent`,
    );
  });
});

describe('what npm start prints', { timeout: 480_000 }, () => {
  async function startAndUse(env: Record<string, string>) {
    const port = await freePort();
    const server = npmStart(await projectWith(null), {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: await tempDir('console-data'),
      WEB_DIR: await makeWebFixture(await tempDir('console-web')),
      ...env,
    });
    await expect
      .poll(server.output, { timeout: 400_000 })
      .toContain(`Site disponible sur http://localhost:${port}/`);
    await expect.poll(server.output, { timeout: 20_000 }).toContain('#jeton=');
    const url = `http://127.0.0.1:${port}`;
    expect((await fetch(`${url}/pageAccueil`)).status).toBe(200);
    expect((await fetch(`${url}/page-inconnue`)).status).toBe(404);
    const posted = await fetch(`${url}/api/contacts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(VALID_CONTACT),
    });
    expect(posted.status).toBe(201);
    return server;
  }

  it('by default: French lines, the setup link last until the stop, no line per request', async () => {
    const server = await startAndUse({});
    await server.stop();

    const lines = server
      .output()
      .split('\n')
      .filter((line) => line.trim() !== '' && !line.startsWith('>') && !line.startsWith('npm '));
    expect(lines.filter((line) => line.trimStart().startsWith('{'))).toEqual([]);
    expect(server.output()).not.toMatch(/request completed|incoming request/);
    // The setup link is not pushed away: after it, only the frame of its banner and the stop.
    const link = lines.findIndex((line) => line.includes('#jeton='));
    expect(lines.slice(link + 1).filter((line) => !/^[ =]/.test(line))).toEqual([
      'SIGTERM reçu : arrêt en cours…',
    ]);
  });

  it('with LOG_REQUESTS=1: a JSON line per request', async () => {
    const server = await startAndUse({ LOG_REQUESTS: '1' });
    const completed = () =>
      server
        .output()
        .split('\n')
        .filter((line) => line.startsWith('{') && line.includes('"msg":"request completed"'));
    // The page, the unknown page and the message: one line each once answered.
    await expect.poll(() => completed().length, { timeout: 20_000 }).toBeGreaterThanOrEqual(3);
  });
});
