/**
 * The outbox across a crash: the product killed (SIGKILL) while the SMTP server is down, the
 * SMTP server back, the product restarted: every acknowledged message reaches the owner.
 */
import { describe, expect, it, onTestFinished } from 'vitest';
import type { NotificationStatus } from '../../../shared/notifications/status.ts';
import { smtpStandIn } from '../../fixtures/smtp-stand-in.ts';
import { makeWebFixture, tempDir, VALID_CONTACT } from '../helpers.ts';
import { signInOver, startServer } from '../server-process.ts';
import { CONDITION_TIMEOUT_MS } from '../../wait.ts';

const WAIT = { timeout: CONDITION_TIMEOUT_MS, interval: 20 };

async function emailStatus(url: string, cookie: string) {
  const response = await fetch(`${url}/api/notifications`, { headers: { cookie } });
  return ((await response.json()) as NotificationStatus).email;
}

describe('e-mail notifications through a crash', () => {
  it('delivers every acknowledged message after a SIGKILL during an SMTP outage', async () => {
    const smtp = await smtpStandIn(onTestFinished); // down
    const dataDir = await tempDir('mail-kill');
    const webDir = await makeWebFixture(await tempDir('web'));
    const env = {
      SMTP_URL: smtp.url(),
      NOTIFY_EMAIL: 'proprietaire@agence.test',
      MAIL_FROM: 'site@agence.test',
    };

    const first = await startServer(dataDir, webDir, env);
    expect(first.stdout()).toContain('E-mails de notification : chaque nouveau message est envoyé');
    const acknowledged: string[] = [];
    for (let index = 0; index < 20; index++) {
      const response = await fetch(`${first.url}/api/contacts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...VALID_CONTACT, subject: `Avant la panne n°${index}` }),
      });
      expect(response.status).toBe(201);
      acknowledged.push(((await response.json()) as { id: string }).id);
    }
    const cookie = await signInOver(first.url);
    // Each e-mail has been tried and refused: they wait for their next attempt.
    await expect
      .poll(() => emailStatus(first.url, cookie), WAIT)
      .toMatchObject({ lastError: expect.any(String), pending: 20 });
    first.child.kill('SIGKILL');
    expect((await first.exited).signal).toBe('SIGKILL');

    await smtp.start();
    const second = await startServer(dataDir, webDir, env);
    const mails = await smtp.waitForMails(20);
    expect(new Set(mails.map((mail) => mail.messageId))).toEqual(
      new Set(acknowledged.map((id) => `<contact-${id}@agence.test>`)),
    );
    const cookieAgain = await signInOver(second.url);
    await expect
      .poll(async () => (await emailStatus(second.url, cookieAgain)).pending, WAIT)
      .toBe(0);
    expect(smtp.mails).toHaveLength(20);

    second.child.kill('SIGTERM');
    expect((await second.exited).code).toBe(0);
  }, 120_000);
});
