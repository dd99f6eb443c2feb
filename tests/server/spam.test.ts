/**
 * Spam is kept, not dropped: a message whose hidden field is filled (a robot's, or a real
 * client's whose browser filled it) is stored aside with its reason, out of the inbox and its
 * notifications, listed in « Indésirables », moved back by « Pas un indésirable » (then
 * e-mailed as a new message), and deleted 30 days after it was received.
 */
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import {
  HONEYPOT_FIELD,
  SPAM_RETENTION_MS,
  type ContactMessage,
  type SpamMessage,
} from '../../shared/domain/contact.ts';
import { DATABASE_FILE } from '../../src-server/db/database.ts';
import { smtpStandIn } from '../fixtures/smtp-stand-in.ts';
import { build, manualClock, postContact, signIn, VALID_CONTACT, type TestApp } from './helpers.ts';
import { aMessage } from '../fixtures/messages.ts';

const OWNER = 'proprietaire@agence.test';

async function mailServer() {
  const smtp = await smtpStandIn(onTestFinished);
  await smtp.start();
  return {
    smtp,
    env: {
      SMTP_URL: smtp.url(),
      NOTIFY_EMAIL: OWNER,
      MAIL_FROM: 'Site de l’agence <site@agence.test>',
      CONTACT_RATE_LIMIT: '1000',
    },
    /** The e-mails about the message with this subject. */
    about: (subject: string) => smtp.mails.filter((mail) => mail.subject?.endsWith(`: ${subject}`)),
  };
}

async function inbox(app: TestApp, cookie: string): Promise<ContactMessage[]> {
  const response = await app.inject({ url: '/api/contacts', headers: { cookie } });
  expect(response.statusCode).toBe(200);
  return response.json();
}

async function spam(app: TestApp, cookie: string): Promise<SpamMessage[]> {
  const response = await app.inject({ url: '/api/contacts/spam', headers: { cookie } });
  expect(response.statusCode).toBe(200);
  return response.json();
}

function notSpam(app: TestApp, id: string, cookie?: string) {
  return app.inject({
    method: 'POST',
    url: `/api/contacts/${encodeURIComponent(id)}/not-spam`,
    headers: cookie ? { cookie } : {},
  });
}

/** The rows of the contacts table, spam included, read as another process would. */
function storedIds(dataDir: string): string[] {
  const db = new DatabaseSync(path.join(dataDir, DATABASE_FILE), { readOnly: true });
  try {
    return db
      .prepare('SELECT id FROM contacts ORDER BY seq')
      .all()
      .map((row) => String(row.id));
  } finally {
    db.close();
  }
}

describe('a message with the hidden field filled', () => {
  it('is answered 201, kept in « Indésirables » with its reason, not in the inbox, and e-mailed to nobody', async () => {
    const mail = await mailServer();
    const { app } = await build({ env: mail.env });
    const trapped = await postContact(app, {
      ...VALID_CONTACT,
      subject: 'Rempli par le navigateur',
      [HONEYPOT_FIELD]: 'https://www.boulangerie-elbahia.dz',
    });
    expect(trapped.statusCode).toBe(201);
    const { id } = trapped.json<{ id: string }>();
    // An empty hidden field (what the real form sends) is a normal message.
    const real = await postContact(app, { ...VALID_CONTACT, [HONEYPOT_FIELD]: '' });
    expect(real.statusCode).toBe(201);

    const cookie = await signIn(app);
    const messages = await inbox(app, cookie);
    expect(messages.map((message) => message.id)).toEqual([real.json<{ id: string }>().id]);
    expect(messages[0]).not.toHaveProperty(HONEYPOT_FIELD);
    expect(await spam(app, cookie)).toEqual([
      {
        ...aMessage({ subject: 'Rempli par le navigateur', id, receivedAt: expect.any(Number) }),
        spamReason: 'hidden-field',
        markedAt: null,
      },
    ]);

    // The real message's e-mail arrives; the spam's never does.
    await vi.waitFor(() => expect(mail.about(VALID_CONTACT.subject)).toHaveLength(1), {
      timeout: 20_000,
    });
    expect(mail.about('Rempli par le navigateur')).toEqual([]);
    expect(mail.smtp.mails).toHaveLength(1);
  });

  it('goes to the inbox on « Pas un indésirable », and its e-mail arrives then, once', async () => {
    const mail = await mailServer();
    const { app } = await build({ env: mail.env });
    const { id } = (
      await postContact(app, {
        ...VALID_CONTACT,
        subject: 'Un vrai client',
        [HONEYPOT_FIELD]: 'rempli',
      })
    ).json<{ id: string }>();
    expect((await notSpam(app, id)).statusCode).toBe(401);

    const cookie = await signIn(app);
    const [kept] = await spam(app, cookie);
    const moved = await notSpam(app, id, cookie);
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toEqual({ id });

    const messages = await inbox(app, cookie);
    expect(messages).toEqual([
      expect.objectContaining({ id, subject: 'Un vrai client', receivedAt: kept?.receivedAt }),
    ]);
    expect(messages[0]).not.toHaveProperty('spamReason');
    expect(await spam(app, cookie)).toEqual([]);
    const [email] = await vi.waitFor(
      () => {
        const found = mail.about('Un vrai client');
        expect(found).toHaveLength(1);
        return found;
      },
      { timeout: 20_000 },
    );
    expect(email?.to).toMatchObject({ text: OWNER });
    // Moved already; and an id that is not spam.
    expect((await notSpam(app, id, cookie)).statusCode).toBe(404);
    expect((await notSpam(app, 'inconnu', cookie)).statusCode).toBe(404);
    expect(mail.about('Un vrai client')).toHaveLength(1);
  });

  it('is out of the inbox’s reach: not marked read, but deleted like any message', async () => {
    const { app } = await build();
    const { id } = (await postContact(app, { ...VALID_CONTACT, [HONEYPOT_FIELD]: 'x' })).json<{
      id: string;
    }>();
    const cookie = await signIn(app);
    expect((await app.inject({ url: '/api/contacts/spam' })).statusCode).toBe(401);
    const patched = await app.inject({
      method: 'PATCH',
      url: `/api/contacts/${id}`,
      headers: { cookie },
      payload: { read: true },
    });
    expect(patched.statusCode).toBe(404);
    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/contacts/${id}`,
      headers: { cookie },
    });
    expect(deleted.statusCode).toBe(204);
    expect(await spam(app, cookie)).toEqual([]);
  });

  it('is deleted 30 days after it was received: out of the list at once, off the disk at the next purge', async () => {
    const time = manualClock();
    const { app, dataDir } = await build({ clock: time.clock, spamPurgeIntervalMs: 50 });
    const { id: old } = (
      await postContact(app, { ...VALID_CONTACT, subject: 'Ancien', [HONEYPOT_FIELD]: 'x' })
    ).json<{ id: string }>();
    time.advance(SPAM_RETENTION_MS - 60_000);
    const { id: recent } = (
      await postContact(app, { ...VALID_CONTACT, subject: 'Récent', [HONEYPOT_FIELD]: 'x' })
    ).json<{ id: string }>();
    const { id: real } = (await postContact(app, VALID_CONTACT)).json<{ id: string }>();
    const cookie = await signIn(app);
    // 29 days, 23 hours and 59 minutes: both are kept.
    expect((await spam(app, cookie)).map((message) => message.id)).toEqual([recent, old]);

    time.advance(60_000);
    expect((await spam(app, cookie)).map((message) => message.id)).toEqual([recent]);
    await vi.waitFor(() => expect(storedIds(dataDir)).toEqual([recent, real]), {
      timeout: 20_000,
    });
    // The inbox keeps its messages whatever their age.
    time.advance(SPAM_RETENTION_MS);
    await vi.waitFor(() => expect(storedIds(dataDir)).toEqual([real]), { timeout: 20_000 });
    expect((await inbox(app, await signIn(app))).map((message) => message.id)).toEqual([real]);
  });

  it('past its 30 days while the server was stopped, is deleted as it starts', async () => {
    const time = manualClock();
    const first = await build({ clock: time.clock });
    const { id } = (
      await postContact(first.app, { ...VALID_CONTACT, [HONEYPOT_FIELD]: 'x' })
    ).json<{ id: string }>();
    await first.app.close();
    expect(storedIds(first.dataDir)).toEqual([id]);

    time.advance(SPAM_RETENTION_MS);
    await build({ clock: time.clock, dataDir: first.dataDir });
    expect(storedIds(first.dataDir)).toEqual([]);
  });
});

describe('a message the owner marked as spam (« Marquer comme indésirable »)', () => {
  function markSpam(app: TestApp, id: string, cookie?: string) {
    return app.inject({
      method: 'POST',
      url: `/api/contacts/${encodeURIComponent(id)}/spam`,
      headers: cookie ? { cookie } : {},
    });
  }

  it('stays its 30 days from when it was marked, not from its reception', async () => {
    const time = manualClock();
    const { app, dataDir } = await build({ clock: time.clock, spamPurgeIntervalMs: 50 });
    const { id } = (await postContact(app, { ...VALID_CONTACT, subject: 'Publicité' })).json<{
      id: string;
    }>();
    // 29 days in the inbox, then marked: not deleted the next hour.
    time.advance(SPAM_RETENTION_MS - 60 * 60_000);
    const cookie = await signIn(app);
    const marked = time.clock();
    expect((await markSpam(app, id)).statusCode).toBe(401);
    expect((await markSpam(app, id, cookie)).statusCode).toBe(200);
    expect(await inbox(app, cookie)).toEqual([]);
    time.advance(2 * 60 * 60_000);
    expect(await spam(app, await signIn(app))).toMatchObject([
      { id, subject: 'Publicité', spamReason: 'owner', markedAt: marked },
    ]);
    expect(storedIds(dataDir)).toEqual([id]);

    // 30 days after the marking: out of the list, then off the disk.
    time.advance(SPAM_RETENTION_MS - 2 * 60 * 60_000);
    expect(await spam(app, await signIn(app))).toEqual([]);
    await vi.waitFor(() => expect(storedIds(dataDir)).toEqual([]), { timeout: 20_000 });
  });

  it('is refused in French for a lead typed in, and 404 for a message not in the inbox', async () => {
    const { app } = await build();
    const cookie = await signIn(app);
    const typedIn = await app.inject({
      method: 'POST',
      url: '/api/leads',
      headers: { cookie },
      payload: { fullName: 'Boulangerie El Bahia', source: 'telephone', phone: '0550123456' },
    });
    expect(typedIn.statusCode).toBe(201);
    const refused = await markSpam(app, typedIn.json<{ id: string }>().id, cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error:
        'Un contact saisi à la main ne peut pas être marqué comme indésirable : supprimez-le s’il ne sert plus.',
    });
    expect((await markSpam(app, 'inconnu', cookie)).statusCode).toBe(404);
    const { id: trap } = (
      await postContact(app, { ...VALID_CONTACT, [HONEYPOT_FIELD]: 'x' })
    ).json<{ id: string }>();
    expect((await markSpam(app, trap, cookie)).statusCode).toBe(404);
  });
});
