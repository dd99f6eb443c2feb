/**
 * E-mail notifications against a real SMTP server (smtp-server) started by each test: what
 * arrives, an outage, a stalled server, a server that refuses the password, three days of
 * errors.
 */
import { describe, expect, it, onTestFinished } from 'vitest';
import type { NotificationStatus } from '../../../shared/notifications/status.ts';
import {
  OUTBOX_RETRY_POLICY as RETRY_POLICY,
  retryDelayMs,
} from '../../../shared/notifications/retry-policy.ts';
import { smtpStandIn, stalledSmtpServer, SMTP_ACCOUNT } from '../../fixtures/smtp-stand-in.ts';
import {
  build,
  manualClock,
  postContact,
  signIn,
  VALID_CONTACT,
  type TestApp,
} from '../helpers.ts';
import { CONDITION_TIMEOUT_MS, waitForValue } from '../../wait.ts';
import { outboxRows } from './outbox-rows.ts';

const WAIT = { timeout: CONDITION_TIMEOUT_MS, interval: 20 };

const OWNER = 'proprietaire@agence.test';
const PUBLIC_URL = 'https://www.agence.test';
/** Retries within milliseconds, so that an outage test lasts as long as the outage. */
const QUICK_RETRY = {
  firstDelayMs: 20,
  maxDelayMs: 200,
  giveUpAfterMs: RETRY_POLICY.giveUpAfterMs,
};

function mailEnv(smtpUrl: string) {
  return {
    SMTP_URL: smtpUrl,
    NOTIFY_EMAIL: OWNER,
    MAIL_FROM: 'Site de l’agence <site@agence.test>',
    PUBLIC_URL,
    CONTACT_RATE_LIMIT: '1000',
  };
}

async function status(app: TestApp, cookie: string): Promise<NotificationStatus> {
  return (await app.inject({ url: '/api/notifications', headers: { cookie } })).json();
}

describe('e-mail notifications', () => {
  it('sends each new message to the owner: French, six fields, Reply-To, WhatsApp and dashboard links, a stable Message-ID', async () => {
    const smtp = await smtpStandIn(onTestFinished);
    await smtp.start();
    const { app, dataDir, announced } = await build({ env: mailEnv(smtp.url()) });
    // Beside the line of « Réglages » (tests/server/settings.test.ts).
    expect(announced.filter((line) => !line.startsWith('Réglages :'))).toEqual([
      `E-mails de notification : chaque nouveau message est envoyé à ${OWNER} par 127.0.0.1:${smtp.port}.`,
    ]);

    const sent = {
      ...VALID_CONTACT,
      subject: 'Devis <urgent> & rapide',
      message: 'Bonjour,\n<script>alert("x")</script> je voudrais un devis.',
    };
    const response = await postContact(app, sent);
    expect(response.statusCode).toBe(201);
    const { id } = response.json<{ id: string }>();

    const [mail] = await smtp.waitForMails(1);
    expect(mail?.subject).toBe('Nouveau message de Boulangerie El Bahia : Devis <urgent> & rapide');
    expect(mail?.from?.value).toEqual([{ name: 'Site de l’agence', address: 'site@agence.test' }]);
    expect(mail?.to && !Array.isArray(mail.to) ? mail.to.value[0]?.address : null).toBe(OWNER);
    expect(mail?.replyTo?.value).toEqual([
      { name: 'Boulangerie El Bahia', address: 'contact@boulangerie-elbahia.dz' },
    ]);
    expect(mail?.messageId).toBe(`<contact-${id}@agence.test>`);

    const link = `${PUBLIC_URL}/pageDashboard?message=${id}`;
    const text = mail?.text ?? '';
    for (const line of [
      'Nom complet : \u2068Boulangerie El Bahia\u2069',
      'Service : \u2068Design\u2069',
      'Langue : français (page en français)',
      'E-mail : \u2068contact@boulangerie-elbahia.dz\u2069',
      'Téléphone : \u20680555 12 34 56\u2069 (appeler : tel:+213555123456 ; WhatsApp : https://wa.me/213555123456)',
      'Sujet : \u2068Devis <urgent> & rapide\u2069',
      '<script>alert("x")</script> je voudrais un devis.',
      link,
    ]) {
      expect(text).toContain(line);
    }
    const html = typeof mail?.html === 'string' ? mail.html : '';
    expect(html).toContain('Devis &lt;urgent&gt; &amp; rapide');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(html).not.toContain('<script>');
    expect(html).toContain('href="https://wa.me/213555123456"');
    expect(html).toContain('<a href="tel:+213555123456"><bdi>0555 12 34 56</bdi></a>');
    expect(html).toContain(`href="${link}"`);

    // Delivered once, and recorded so: nothing is left to send again.
    const cookie = await signIn(app);
    const health = await waitForValue(async () => {
      const current = await status(app, cookie);
      return current.email.lastSuccessAt !== null ? current : undefined;
    }, 'the delivery to be recorded');
    expect(health.email).toMatchObject({ enabled: true, recipient: OWNER, pending: 0, failed: 0 });
    expect(outboxRows(dataDir)).toEqual([
      { contact_id: id, channel: 'email', state: 'sent', attempts: 1 },
    ]);
    expect(smtp.mails).toHaveLength(1);
  });

  it('isolates each value the visitor typed: an Arabic name and a subject mixing Arabic and digits keep their order and leave the French around them alone', async () => {
    const smtp = await smtpStandIn(onTestFinished);
    await smtp.start();
    const { app } = await build({ env: mailEnv(smtp.url()) });
    const arabic = {
      ...VALID_CONTACT,
      fullName: 'مخبزة البهية',
      subject: 'فاتورة رقم 1234-5678',
      message: 'نريد 3 صفحات للموقع.\nشكرا!',
      language: 'ar',
    };
    expect((await postContact(app, arabic)).statusCode).toBe(201);

    const [mail] = await smtp.waitForMails(1);
    const html = typeof mail?.html === 'string' ? mail.html : '';
    // Every visitor value sits in its own <bdi>; the message's paragraph takes its direction.
    for (const value of [
      arabic.fullName,
      arabic.subject,
      'Design',
      'contact@boulangerie-elbahia.dz',
      '0555 12 34 56',
    ]) {
      expect(html).toContain(`<bdi>${value}</bdi>`);
    }
    expect(html).toContain(`directement à <bdi>${arabic.fullName}</bdi>.`);
    expect(html).toMatch(/<p dir="auto"[^>]*>نريد 3 صفحات للموقع\.\nشكرا!<\/p>/);

    // The text part: FSI … PDI around each value, not the marks the site refuses.
    const text = mail?.text ?? '';
    expect(text).toContain(`Nom complet : \u2068${arabic.fullName}\u2069`);
    expect(text).toContain(`Sujet : \u2068${arabic.subject}\u2069`);
    expect(text).toContain(`écrire directement à \u2068${arabic.fullName}\u2069.`);
    expect(text).not.toMatch(/[\u200e\u200f\u061c\u202a-\u202e]/);

    // The stored message holds what the visitor typed, no isolate added.
    const cookie = await signIn(app);
    const listed = await app.inject({ url: '/api/contacts', headers: { cookie } });
    expect(listed.body).not.toMatch(/[\u2066-\u2069]/);
    expect(listed.json<{ fullName: string; subject: string }[]>()[0]).toMatchObject({
      fullName: arabic.fullName,
      subject: arabic.subject,
    });
  });

  it('keeps the e-mails while the SMTP server is down and delivers every one once it is back', async () => {
    const smtp = await smtpStandIn(onTestFinished); // not started: down
    const { app } = await build({
      env: mailEnv(smtp.url()),
      notifications: { retry: QUICK_RETRY },
    });
    const cookie = await signIn(app);

    const ids: string[] = [];
    for (let index = 0; index < 8; index++) {
      const response = await postContact(app, { ...VALID_CONTACT, subject: `Panne n°${index}` });
      expect(response.statusCode).toBe(201);
      ids.push(response.json<{ id: string }>().id);
    }
    const down = await waitForValue(async () => {
      const current = await status(app, cookie);
      return current.email.lastError ? current : undefined;
    }, 'a delivery failure');
    expect(down.email.lastError).toContain('refuse la connexion');
    expect(down.email.pending).toBe(8);

    await smtp.start();
    const mails = await smtp.waitForMails(8);
    expect(new Set(mails.map((mail) => mail.messageId))).toEqual(
      new Set(ids.map((id) => `<contact-${id}@agence.test>`)),
    );
    const up = await waitForValue(async () => {
      const current = await status(app, cookie);
      return current.email.pending === 0 ? current : undefined;
    }, 'the outbox to empty');
    expect(up.email.lastSuccessAt).toBeGreaterThanOrEqual(up.email.lastFailureAt ?? 0);
    expect(smtp.mails).toHaveLength(8);
  });

  it('answers the form at once while the SMTP server accepts connections and never replies', async () => {
    const stalled = await stalledSmtpServer(onTestFinished);
    const { app } = await build({ env: mailEnv(stalled.url) });

    expect((await postContact(app, VALID_CONTACT)).statusCode).toBe(201);
    // The worker is now stuck in the SMTP greeting, which never comes…
    await waitForValue(
      () => (stalled.connections() > 0 ? true : undefined),
      'the worker to connect',
    );
    // …and the visitors' messages are still accepted, each answered before any e-mail left.
    for (let index = 0; index < 5; index++) {
      const response = await postContact(app, { ...VALID_CONTACT, subject: `Pendant n°${index}` });
      expect(response.statusCode).toBe(201);
    }
    expect(stalled.connections()).toBeGreaterThan(0);
  });

  it('shows a refused password in plain French, and the test e-mail says so too', async () => {
    const smtp = await smtpStandIn(onTestFinished);
    await smtp.start();
    const { app } = await build({
      env: mailEnv(smtp.url(SMTP_ACCOUNT.user, 'mauvais mot de passe')),
      notifications: { retry: QUICK_RETRY },
    });
    const cookie = await signIn(app);
    await postContact(app, VALID_CONTACT);

    const failing = await waitForValue(async () => {
      const current = await status(app, cookie);
      return current.email.lastError ? current : undefined;
    }, 'the refusal');
    expect(failing.email.lastError).toBe(
      `le serveur SMTP (127.0.0.1:${smtp.port}) a refusé l’identifiant ou le mot de passe : vérifiez ceux de SMTP_URL.`,
    );

    const test = await app.inject({
      method: 'POST',
      url: '/api/notifications/test-email',
      headers: { cookie },
    });
    expect(test.statusCode).toBe(502);
    expect(test.json()).toEqual({
      error: `Le serveur SMTP (127.0.0.1:${smtp.port}) a refusé l’identifiant ou le mot de passe : vérifiez ceux de SMTP_URL.`,
    });
    expect(smtp.mails).toHaveLength(0);
  });

  it('sends the test e-mail to the owner at once', async () => {
    const smtp = await smtpStandIn(onTestFinished);
    await smtp.start();
    const { app } = await build({ env: mailEnv(smtp.url()) });
    const cookie = await signIn(app);

    const response = await app.inject({
      method: 'POST',
      url: '/api/notifications/test-email',
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ sentTo: OWNER });
    const [mail] = await smtp.waitForMails(1);
    expect(mail?.subject).toBe('E-mail de test des notifications');
    expect(mail?.text).toContain(`${PUBLIC_URL}/pageDashboard`);
    expect((await status(app, cookie)).email.lastSuccessAt).not.toBeNull();
  });

  it('says an SMTP failure once per failure streak in the server’s console, in French', async () => {
    const smtp = await smtpStandIn(onTestFinished); // down
    const { app, announced, dataDir } = await build({
      env: mailEnv(smtp.url()),
      notifications: { retry: QUICK_RETRY },
    });
    const failures = () =>
      announced.filter((line) => line.startsWith('E-mails de notification en échec'));
    await postContact(app, VALID_CONTACT);
    await postContact(app, { ...VALID_CONTACT, subject: 'Deuxième' });
    // Several attempts fail (the back-off is 20 to 200 ms here), each recorded in the outbox
    // before the next: once each e-mail has failed three times, the console has one line only.
    await expect
      .poll(() => outboxRows(dataDir).every((row) => Number(row.attempts) >= 3), WAIT)
      .toBe(true);
    expect(outboxRows(dataDir)).toHaveLength(2);
    expect(failures()).toEqual([
      `E-mails de notification en échec : le serveur SMTP (127.0.0.1:${smtp.port}) refuse la connexion : il est arrêté, ou le port est faux. Les e-mails attendent et seront réessayés ; la prochaine ligne dira leur retour.`,
    ]);

    await smtp.start();
    await smtp.waitForMails(2);
    await waitForValue(
      async () =>
        announced.includes('E-mails de notification rétablis : ceux qui attendaient partent.')
          ? true
          : undefined,
      'the end of the streak',
    );
    expect(failures()).toHaveLength(1);
  });

  it('sends one test e-mail per 10 seconds, however many are asked for at once', async () => {
    const smtp = await smtpStandIn(onTestFinished);
    await smtp.start();
    const time = manualClock();
    const { app } = await build({ env: mailEnv(smtp.url()), clock: time.clock });
    const cookie = await signIn(app);
    const ask = () =>
      app.inject({ method: 'POST', url: '/api/notifications/test-email', headers: { cookie } });

    const answers = await Promise.all(Array.from({ length: 30 }, ask));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    const refused = answers.filter((answer) => answer.statusCode === 429);
    expect(refused).toHaveLength(29);
    expect(refused[0]?.json()).toEqual({
      error:
        'Un e-mail de test vient de partir : attendez 10 secondes avant d’en demander un autre.',
    });
    expect(refused[0]?.headers['retry-after']).toBe('10');
    await smtp.waitForMails(1);

    time.advance(9_999);
    expect((await ask()).statusCode).toBe(429);
    time.advance(1);
    expect((await ask()).statusCode).toBe(200);
    await smtp.waitForMails(2);
    expect(smtp.mails).toHaveLength(2);
  });

  it('marks an e-mail failed after 3 days of errors, and counts it', async () => {
    const smtp = await smtpStandIn(onTestFinished); // never started
    const time = manualClock();
    const { app, dataDir } = await build({
      env: mailEnv(smtp.url()),
      clock: time.clock,
      notifications: { retry: QUICK_RETRY },
    });
    const cookie = await signIn(app);
    await postContact(app, VALID_CONTACT);
    await waitForValue(
      async () => ((await status(app, cookie)).email.lastError ? true : undefined),
      'a failure',
    );
    expect(outboxRows(dataDir)[0]).toMatchObject({ state: 'pending' });

    time.advance(RETRY_POLICY.giveUpAfterMs);
    const later = await signIn(app); // three days on, the session has ended
    const given = await waitForValue(async () => {
      const current = await status(app, later);
      return current.email.failed === 1 ? current : undefined;
    }, 'the e-mail to be given up on');
    expect(given.email.pending).toBe(0);
    expect(outboxRows(dataDir)[0]).toMatchObject({ state: 'failed' });
  });

  it('says in one line at start that no e-mail is sent without SMTP_URL, and queues none', async () => {
    const { app, dataDir, announced } = await build();
    expect(announced.filter((line) => !line.startsWith('Réglages :'))).toEqual([
      'E-mails de notification désactivés : définissez SMTP_URL pour recevoir chaque message par e-mail (voir .env.example).',
    ]);
    expect((await postContact(app, VALID_CONTACT)).statusCode).toBe(201);
    expect(outboxRows(dataDir)).toEqual([]);
    const cookie = await signIn(app);
    const test = await app.inject({
      method: 'POST',
      url: '/api/notifications/test-email',
      headers: { cookie },
    });
    expect(test.statusCode).toBe(502);
    expect(test.json<{ error: string }>().error).toContain('définissez SMTP_URL');
  });
});

describe('the back-off', () => {
  it('retries first within 30 s, doubles, and never waits more than 10 minutes', () => {
    const delays = (random: number) =>
      Array.from({ length: 12 }, (_unused, index) =>
        retryDelayMs(index + 1, RETRY_POLICY, () => random),
      );
    for (const random of [0, 0.5, 0.999]) {
      const series = delays(random);
      expect(series[0]).toBeLessThanOrEqual(30_000);
      expect(series[0]).toBeGreaterThan(0);
      expect(series[1]).toBeGreaterThan(series[0] ?? 0);
      expect(Math.max(...series)).toBeLessThanOrEqual(10 * 60_000);
      expect(series.at(-1)).toBeGreaterThanOrEqual(0.8 * 10 * 60_000);
    }
  });
});
