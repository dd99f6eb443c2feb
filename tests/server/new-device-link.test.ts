/**
 * The owner on a new device while strangers guess at the account: the right password, from a
 * browser the site does not know, e-mails a one-time link (to the account's address, through a
 * real SMTP server) that signs that browser in and trusts it. Real HTTP routes, a real SQLite
 * file, the SMTP stand-in; time moves by an injected clock.
 */
import { onTestFinished, describe, expect, it } from 'vitest';
import type { ParsedMail } from 'mailparser';
import { scryptKey } from '../../src-server/security/passwords.ts';
import { smtpStandIn, type SmtpStandIn } from '../fixtures/smtp-stand-in.ts';
import { ADMIN, build, manualClock, type TestApp } from './helpers.ts';

const MINUTE = 60_000;
const WRONG = 'mauvais mot de passe';
const PUBLIC_URL = 'https://agence.test';

const LINK_SENT =
  'Connexion depuis un nouvel appareil pendant une série de tentatives sur ce compte : si le mot de passe est le bon, nous venons d’envoyer à l’adresse e-mail du compte un lien de connexion, valable 15 minutes. Ouvrez-le dans ce navigateur pour vous connecter ; il ne sert qu’une fois.';
const LINK_DEAD =
  'Ce lien de connexion ne fonctionne plus : il a déjà servi, il a expiré (15 minutes), un lien plus récent l’a remplacé, ou il vient d’un autre navigateur que celui-ci. Saisissez votre mot de passe pour en recevoir un nouveau.';

interface Browser {
  /** The cookies this browser keeps, by name. */
  cookies: Record<string, string>;
}

function newBrowser(): Browser {
  return { cookies: {} };
}

/** Keeps what the answer set, as a browser would (an emptied cookie is removed). */
function keep(browser: Browser, response: Awaited<ReturnType<TestApp['inject']>>) {
  const cookies = new Map(Object.entries(browser.cookies));
  for (const cookie of response.cookies) {
    if (cookie.value === '' || cookie.maxAge === 0) cookies.delete(cookie.name);
    else cookies.set(cookie.name, cookie.value);
  }
  browser.cookies = Object.fromEntries(cookies);
}

async function signInFrom(
  app: TestApp,
  browser: Browser,
  address: string,
  password: string,
  email = ADMIN.email,
) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/session',
    remoteAddress: address,
    headers: { host: 'evil.test' },
    cookies: browser.cookies,
    payload: { email, password },
  });
  keep(browser, response);
  return response;
}

async function openLink(app: TestApp, browser: Browser, token: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/session/new-device',
    remoteAddress: '192.0.2.50',
    cookies: browser.cookies,
    payload: { token },
  });
  keep(browser, response);
  return response;
}

/**
 * Wrong passwords from fresh addresses until the account is slowed down: an attack under way.
 * Called again after the clock moves, as an attack goes on.
 */
let nextAttacker = 0;
async function attack(app: TestApp, email = ADMIN.email) {
  for (let i = 0; i < 20; i++) {
    const address = `10.66.0.${++nextAttacker % 250}`;
    const response = await signInFrom(app, newBrowser(), address, WRONG, email);
    if (response.statusCode === 429) return;
  }
  throw new Error('the account is not throttled');
}

function tokenOf(mail: ParsedMail): string {
  const match = /https:\/\/agence\.test\/pageLogin#appareil=([\w-]{43})/.exec(mail.text ?? '');
  if (!match?.[1]) throw new Error(`no link in: ${mail.text}`);
  return match[1];
}

async function setUp(options: { smtp?: boolean } = {}) {
  const time = manualClock();
  const smtp = await smtpStandIn(onTestFinished);
  await smtp.start();
  const built = await build({
    clock: time.clock,
    env: {
      PUBLIC_URL,
      ...(options.smtp === false
        ? {}
        : { SMTP_URL: smtp.url(), NOTIFY_EMAIL: 'notifications@agence.test' }),
    },
  });
  await attack(built.app);
  return { ...built, time, smtp };
}

/** Waits for the checks and e-mails under way (the app waits for them when it closes). */
async function settle(app: TestApp, smtp: SmtpStandIn): Promise<ParsedMail[]> {
  await app.close();
  return smtp.mails;
}

describe('the link e-mailed to a new device during an attack', () => {
  it('comes with the right password; opened in that browser, it signs in and trusts the device', async () => {
    const { app, smtp } = await setUp();
    const owner = newBrowser();

    const refused = await signInFrom(app, owner, '192.0.2.50', ADMIN.password);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: LINK_SENT, newDevice: 'link-sent' });
    expect(refused.cookies.find((cookie) => cookie.name === 'device-link')).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
      path: '/api/session',
      maxAge: 15 * 60,
    });

    const [mail] = await smtp.waitForMails(1);
    if (!mail) throw new Error('no e-mail');
    // To the account's own address (not NOTIFY_EMAIL), the link on PUBLIC_URL whatever the
    // Host header said.
    expect(mail.to).toMatchObject({ text: ADMIN.email });
    expect(mail.subject).toBe('Connexion depuis un nouvel appareil : votre lien');
    expect(mail.text).toContain('dans les 15 minutes');
    expect(mail.html).toContain('Me connecter depuis ce navigateur');

    const opened = await openLink(app, owner, tokenOf(mail));
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toEqual({ email: ADMIN.email });
    expect(owner.cookies.sid).toBeDefined();
    expect(owner.cookies.device).toBeDefined();
    const session = await app.inject({
      method: 'GET',
      url: '/api/session',
      cookies: owner.cookies,
    });
    expect(session.statusCode).toBe(200);

    // The device is trusted now: while the attack goes on, it signs in with its password.
    await attack(app);
    expect((await signInFrom(app, owner, '192.0.2.50', ADMIN.password)).statusCode).toBe(200);
  });

  it('works once', async () => {
    const { app, smtp } = await setUp();
    const owner = newBrowser();
    await signInFrom(app, owner, '192.0.2.50', ADMIN.password);
    const token = tokenOf((await smtp.waitForMails(1))[0] as ParsedMail);

    expect((await openLink(app, owner, token)).statusCode).toBe(200);
    const again = await openLink(app, owner, token);
    expect(again.statusCode).toBe(410);
    expect(again.json()).toEqual({ error: LINK_DEAD });
  });

  it('expires after 15 minutes', async () => {
    const { app, smtp, time } = await setUp();
    const owner = newBrowser();
    await signInFrom(app, owner, '192.0.2.50', ADMIN.password);
    const token = tokenOf((await smtp.waitForMails(1))[0] as ParsedMail);

    time.advance(15 * MINUTE);
    const late = await openLink(app, owner, token);
    expect(late.statusCode).toBe(410);
  });

  it('signs in only the browser that typed the password', async () => {
    const { app, smtp, time } = await setUp();
    const owner = newBrowser();
    await signInFrom(app, owner, '192.0.2.50', ADMIN.password);
    const token = tokenOf((await smtp.waitForMails(1))[0] as ParsedMail);

    // Forwarded or intercepted: a browser that never typed the password…
    const elsewhere = await openLink(app, newBrowser(), token);
    expect(elsewhere.statusCode).toBe(410);
    expect(elsewhere.json().error).toMatch(
      /^Ce lien ne sert que dans le navigateur où le mot de passe a été saisi/,
    );
    expect(elsewhere.cookies.find((cookie) => cookie.name === 'sid')).toBeUndefined();
    // … or one that typed it too, and has a link of its own on the way.
    const other = newBrowser();
    await signInFrom(app, other, '192.0.2.60', ADMIN.password);
    expect(other.cookies['device-link']).toBeDefined();
    const wrongBrowser = await openLink(app, other, token);
    expect(wrongBrowser.statusCode).toBe(410);
    expect(wrongBrowser.json()).toEqual({ error: LINK_DEAD });

    // Neither used it up: in the owner's browser, within the 15 minutes, it works.
    time.advance(14 * MINUTE);
    expect((await openLink(app, owner, token)).statusCode).toBe(200);
  });

  it('is never sent for a wrong password or an unknown account, and the answer does not tell', async () => {
    const { app, smtp } = await setUp();
    const right = await signInFrom(app, newBrowser(), '192.0.2.70', ADMIN.password);
    await smtp.waitForMails(1);
    const wrong = await signInFrom(app, newBrowser(), '192.0.2.71', WRONG);
    // An account that does not exist, under attack too: the same answer.
    await attack(app, 'inconnu@agence.test');
    const unknown = await signInFrom(app, newBrowser(), '192.0.2.72', WRONG, 'inconnu@agence.test');

    for (const answer of [wrong, unknown]) {
      expect(answer.statusCode).toBe(right.statusCode);
      expect(answer.json()).toEqual(right.json());
      expect(answer.headers['retry-after']).toBe(right.headers['retry-after']);
    }
    // Once the checks under way are over: the right password's e-mail, and no other.
    expect(await settle(app, smtp)).toHaveLength(1);
  });

  it('is sent only while the account is throttled, and only to an unknown device', async () => {
    const time = manualClock();
    const smtp = await smtpStandIn(onTestFinished);
    await smtp.start();
    const { app } = await build({
      clock: time.clock,
      env: { PUBLIC_URL, SMTP_URL: smtp.url(), NOTIFY_EMAIL: 'notifications@agence.test' },
    });
    const owner = newBrowser();
    // No attack: an unknown device signs in at once, and nothing is e-mailed.
    expect((await signInFrom(app, owner, '192.0.2.80', ADMIN.password)).statusCode).toBe(200);
    // An attack: the known device still signs in, and nothing is e-mailed either.
    await attack(app);
    expect((await signInFrom(app, owner, '192.0.2.80', ADMIN.password)).statusCode).toBe(200);
    expect(await settle(app, smtp)).toHaveLength(0);
  });

  it('goes out at most once every 10 minutes', async () => {
    const { app, smtp, time } = await setUp();
    const first = newBrowser();
    await signInFrom(app, first, '192.0.2.90', ADMIN.password);
    await smtp.waitForMails(1);

    // Another new browser, five minutes later: the same answer, no second e-mail…
    time.advance(5 * MINUTE);
    await attack(app);
    const second = await signInFrom(app, newBrowser(), '192.0.2.91', ADMIN.password);
    expect(second.json()).toEqual({ error: LINK_SENT, newDevice: 'link-sent' });
    // … and the first browser, trying again, keeps its nonce: its link still works.
    const nonce = first.cookies['device-link'];
    await signInFrom(app, first, '192.0.2.90', ADMIN.password);
    expect(first.cookies['device-link']).toBe(nonce);

    // Ten minutes after the first: a new link, which replaces the first.
    time.advance(5 * MINUTE);
    await attack(app);
    const third = newBrowser();
    await signInFrom(app, third, '192.0.2.92', ADMIN.password);
    const mails = await smtp.waitForMails(2);
    expect(tokenOf(mails[1] as ParsedMail)).not.toBe(tokenOf(mails[0] as ParsedMail));
    expect((await openLink(app, first, tokenOf(mails[0] as ParsedMail))).statusCode).toBe(410);
    expect((await openLink(app, third, tokenOf(mails[1] as ParsedMail))).statusCode).toBe(200);
    expect(await settle(app, smtp)).toHaveLength(2);
  });

  it('checks the passwords of refused attempts no more than the throttle lets guesses through', async () => {
    const time = manualClock();
    const smtp = await smtpStandIn(onTestFinished);
    await smtp.start();
    let checks = 0;
    const { app } = await build({
      clock: time.clock,
      env: { PUBLIC_URL, SMTP_URL: smtp.url(), NOTIFY_EMAIL: 'notifications@agence.test' },
      deriveKey: async (password, salt, params) => {
        checks += 1;
        return scryptKey(password, salt, params);
      },
    });
    await attack(app);
    const before = checks;
    // One machine, refused 30 times: 5 of its passwords at most are checked in the window.
    for (let i = 0; i < 30; i++) {
      expect((await signInFrom(app, newBrowser(), '10.77.0.1', WRONG)).statusCode).toBe(429);
    }
    await settle(app, smtp);
    expect(checks - before).toBeGreaterThan(0);
    expect(checks - before).toBeLessThanOrEqual(5);
  });

  it('without SMTP_URL, says in French what the owner can do instead', async () => {
    const { app, smtp } = await setUp({ smtp: false });
    const response = await signInFrom(app, newBrowser(), '192.0.2.95', ADMIN.password);
    expect(response.statusCode).toBe(429);
    const body = response.json();
    expect(body.newDevice).toBe('no-email');
    expect(body.error).toMatch(
      /^Connexion depuis un nouvel appareil pendant une série de tentatives sur ce compte : l’envoi d’e-mails n’est pas configuré sur le serveur \(SMTP_URL\), aucun lien de connexion ne peut donc vous être envoyé\. Connectez-vous depuis un navigateur ou la console où vous vous êtes déjà connecté, réessayez dans \d+ secondes?, ou redémarrez le serveur : ses compteurs de tentatives repartent alors de zéro\.$/,
    );
    expect(response.cookies.find((cookie) => cookie.name === 'device-link')).toBeUndefined();
    expect(await settle(app, smtp)).toHaveLength(0);
  });
});
