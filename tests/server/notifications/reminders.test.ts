/**
 * Reminders and the daily digest on the embedded server (docs/inbox.md, « Les rappels et le
 * résumé quotidien »): through the same outbox as new messages, to a real SMTP server, a real
 * local push service (the test decrypts what the phone would show) and a real webhook
 * receiver. Time is the server's injected clock: the test moves it, then asks the scheduler
 * to look (`app.reminders.check()`, what its 30-second timer does), except in the test that
 * shows the timer does it on its own.
 */
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { ParsedMail } from 'mailparser';
import { describe, expect, it, onTestFinished } from 'vitest';
import { loadConfig } from '../../../src-server/config.ts';
import { A_REAL_SELLER } from '../../shared/backend/quotes-contract.ts';
import { FILL_TIME_FIELD, HONEYPOT_FIELD } from '../../../shared/domain/contact.ts';
import { DATABASE_FILE, loadMigrations, migrate } from '../../../src-server/db/database.ts';
import { browserKeys, decryptPushBody, pushService } from '../../fixtures/push-endpoint.ts';
import { smtpStandIn } from '../../fixtures/smtp-stand-in.ts';
import {
  build,
  manualClock,
  postContact,
  sendQuoteOf,
  signIn,
  tempDir,
  VALID_CONTACT,
  type TestApp,
} from '../helpers.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Algiers is UTC+1 all year: 10:00 there is 09:00 UTC. */
const algiers = (day: number, hour: number, minute = 0) => Date.UTC(2026, 0, day, hour - 1, minute);

/** What the outbox holds, by kind: the reminders and digests queued, on which channel. */
function queued(dataDir: string, kind: string) {
  const db = new DatabaseSync(path.join(dataDir, DATABASE_FILE), { readOnly: true });
  try {
    return db
      .prepare(
        'SELECT contact_id, channel, state, due_at_ms FROM notification_outbox WHERE kind = ? ORDER BY id',
      )
      .all(kind);
  } finally {
    db.close();
  }
}

function digestDay(dataDir: string): unknown {
  const db = new DatabaseSync(path.join(dataDir, DATABASE_FILE), { readOnly: true });
  try {
    return db.prepare('SELECT digest_day FROM reminder_state').get()?.digest_day;
  } finally {
    db.close();
  }
}

async function send(app: TestApp, fields: Record<string, unknown> = {}): Promise<string> {
  const response = await postContact(app, { ...VALID_CONTACT, ...fields });
  expect(response.statusCode).toBe(201);
  return response.json<{ id: string }>().id;
}

/** Works a lead as the owner, signed in afresh (the clock has moved past the session's idle time). */
async function lead(app: TestApp, method: 'POST' | 'PUT', url: string, body: unknown) {
  const response = await app.inject({
    method,
    url,
    headers: { cookie: await signIn(app), 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
  // 201 for a note added, 200 for a change.
  expect([200, 201]).toContain(response.statusCode);
  return response;
}

const subjects = (mails: ParsedMail[]) => mails.map((mail) => mail.subject);

describe('reminders on the embedded server', () => {
  it('tells every channel « Relance : NOM — SUJET » when a follow-up falls due, once per date; a new date re-arms it', async () => {
    const smtp = await smtpStandIn(onTestFinished);
    await smtp.start();
    const receiver = await pushService(onTestFinished);
    const time = manualClock(algiers(15, 10));
    const { app, dataDir } = await build({
      clock: time.clock,
      env: {
        SMTP_URL: smtp.url(),
        NOTIFY_EMAIL: 'patron@agence.test',
        PUBLIC_URL: 'https://www.agence.test',
        WEBHOOK_URL: receiver.endpoint('/hook'),
        WEBHOOK_SECRET: 'un secret partagé de test, assez long',
        TEST_LOOPBACK_ENDPOINTS: 'true',
        DIGEST_TIME: 'off',
      },
      notifications: { pushAgent: receiver.agent, webhookAgent: receiver.agent },
    });
    const cookie = await signIn(app);
    const phone = browserKeys();
    await app.inject({
      method: 'PUT',
      url: '/api/notifications/push-subscriptions',
      headers: { cookie },
      payload: { endpoint: receiver.endpoint('/phone'), keys: phone.json },
    });
    const id = await send(app);
    await smtp.waitForMails(1);
    await receiver.waitForPushes(2);

    const due = algiers(15, 15);
    await lead(app, 'POST', `/api/leads/${id}/status`, { status: 'contacte', nextActionAt: due });

    // A minute early: nothing.
    time.advance(due - MINUTE - time.clock());
    app.reminders.check();
    expect(queued(dataDir, 'follow-up')).toEqual([]);

    time.advance(MINUTE);
    app.reminders.check();
    const [, reminderMail] = await smtp.waitForMails(2);
    const link = `https://www.agence.test/pageDashboard?message=${id}`;
    expect(reminderMail?.subject).toBe('Relance : Boulangerie El Bahia — Refonte du site');
    expect(reminderMail?.text).toContain('Relance prévue le jeudi 15 janvier 2026 à 15:00.');
    expect(reminderMail?.text).toContain(link);
    expect(reminderMail?.html).toContain(`href="${link}"`);

    const requests = await receiver.waitForPushes(4);
    const hook = requests.slice(2).find((request) => request.path === '/hook');
    expect(hook?.headers['x-webhook-event']).toBe('lead.reminder');
    expect(JSON.parse(hook?.body.toString('utf8') ?? '{}')).toMatchObject({
      event: 'lead.reminder',
      reason: 'follow-up',
      id,
      dueAt: new Date(due).toISOString(),
      fullName: 'Boulangerie El Bahia',
      subject: 'Refonte du site',
      url: link,
    });
    const push = requests.slice(2).find((request) => request.path === '/phone');
    expect(JSON.parse(decryptPushBody(push?.body ?? Buffer.alloc(0), phone))).toEqual({
      title: 'Relance : Boulangerie El Bahia — Refonte du site',
      body: 'Relance prévue le jeudi 15 janvier 2026 à 15:00',
      url: `/pageDashboard?message=${id}`,
      tag: `relance-${id}`,
    });

    // Looked for again later: the same date is not reminded twice.
    time.advance(2 * HOUR);
    app.reminders.check();
    expect(queued(dataDir, 'follow-up')).toHaveLength(3);

    // A new date: a new reminder when it comes.
    const next = time.clock() + DAY;
    await lead(app, 'PUT', `/api/leads/${id}/next-action`, { nextActionAt: next });
    time.advance(DAY);
    app.reminders.check();
    const mails = await smtp.waitForMails(3);
    expect(subjects(mails)).toEqual([
      'Nouveau message de Boulangerie El Bahia : Refonte du site',
      'Relance : Boulangerie El Bahia — Refonte du site',
      'Relance : Boulangerie El Bahia — Refonte du site',
    ]);
    expect(queued(dataDir, 'follow-up').map((row) => row.due_at_ms)).toEqual([
      due,
      due,
      due,
      next,
      next,
      next,
    ]);
  });

  it('carries the lead’s last note in the e-mail and the push, as it stands when sent', async () => {
    const smtp = await smtpStandIn(onTestFinished);
    await smtp.start();
    const receiver = await pushService(onTestFinished);
    const time = manualClock(algiers(15, 10));
    const { app } = await build({
      clock: time.clock,
      env: {
        SMTP_URL: smtp.url(),
        NOTIFY_EMAIL: 'patron@agence.test',
        PUBLIC_URL: 'https://www.agence.test',
        TEST_LOOPBACK_ENDPOINTS: 'true',
        DIGEST_TIME: 'off',
      },
      notifications: { pushAgent: receiver.agent },
    });
    const phone = browserKeys();
    await app.inject({
      method: 'PUT',
      url: '/api/notifications/push-subscriptions',
      headers: { cookie: await signIn(app) },
      payload: { endpoint: receiver.endpoint('/phone'), keys: phone.json },
    });
    const id = await send(app);
    await smtp.waitForMails(1);
    await receiver.waitForPushes(1);

    await lead(app, 'POST', `/api/leads/${id}/notes`, { text: 'Premier appel : absent.' });
    time.advance(HOUR);
    const last =
      'Rappeler après 14 h : il veut un devis pour la boutique.\nBudget annoncé : 300 000 DZD.';
    await lead(app, 'POST', `/api/leads/${id}/notes`, { text: last });
    await lead(app, 'POST', `/api/leads/${id}/status`, {
      status: 'contacte',
      nextActionAt: algiers(15, 15),
    });
    time.advance(algiers(15, 15) - time.clock());
    app.reminders.check();

    const [, reminderMail] = await smtp.waitForMails(2);
    expect(reminderMail?.subject).toBe('Relance : Boulangerie El Bahia — Refonte du site');
    expect(reminderMail?.text).toContain(`Dernière note (15 janv. 2026, 11:00) :\n${last}\n`);
    expect(reminderMail?.text).not.toContain('Premier appel');
    expect(reminderMail?.html).toContain('Dernière note (15 janv. 2026, 11:00)');
    expect(reminderMail?.html).toContain(
      'Rappeler après 14 h : il veut un devis pour la boutique.\nBudget annoncé : 300 000 DZD.',
    );
    const [, push] = await receiver.waitForPushes(2);
    expect(JSON.parse(decryptPushBody(push?.body ?? Buffer.alloc(0), phone))).toEqual({
      title: 'Relance : Boulangerie El Bahia — Refonte du site',
      body: 'Relance prévue le jeudi 15 janvier 2026 à 15:00\nDernière note : Rappeler après 14 h : il veut un devis pour la boutique.…',
      url: `/pageDashboard?message=${id}`,
      tag: `relance-${id}`,
    });
  });

  it('looks on its own, on its timer, as the clock moves', async () => {
    const smtp = await smtpStandIn(onTestFinished);
    await smtp.start();
    const time = manualClock(algiers(15, 10));
    const { app } = await build({
      clock: time.clock,
      reminderCheckIntervalMs: 20,
      env: { SMTP_URL: smtp.url(), NOTIFY_EMAIL: 'patron@agence.test', DIGEST_TIME: 'off' },
    });
    const id = await send(app);
    await lead(app, 'POST', `/api/leads/${id}/status`, {
      status: 'devis-envoye',
      nextActionAt: algiers(16, 9),
    });
    time.advance(DAY);
    const mails = await smtp.waitForMails(2);
    expect(mails[1]?.subject).toBe('Relance : Boulangerie El Bahia — Refonte du site');
  });

  it('cancels a queued follow-up whose lead was closed before it went out', async () => {
    const smtp = await smtpStandIn(onTestFinished);
    const time = manualClock(algiers(15, 10));
    const env = { SMTP_URL: smtp.url(), NOTIFY_EMAIL: 'patron@agence.test', DIGEST_TIME: 'off' };
    const first = await build({ clock: time.clock, env });
    const id = await send(first.app);
    await lead(first.app, 'POST', `/api/leads/${id}/status`, {
      status: 'contacte',
      nextActionAt: algiers(15, 12),
    });
    time.advance(3 * HOUR);
    first.app.reminders.check();
    // The SMTP server is down: the reminder waits in the outbox; the lead is won meanwhile.
    await lead(first.app, 'POST', `/api/leads/${id}/status`, { status: 'gagne' });
    await first.app.close();

    await smtp.start();
    const { app, dataDir } = await build({ clock: time.clock, env, dataDir: first.dataDir });
    const mails = await smtp.waitForMails(1);
    expect(subjects(mails)).toEqual(['Nouveau message de Boulangerie El Bahia : Refonte du site']);
    await expect
      .poll(() => queued(dataDir, 'follow-up').map((row) => row.state))
      .toEqual(['cancelled']);
    app.reminders.check();
    expect(queued(dataDir, 'follow-up')).toHaveLength(1);
  });

  it('sends a reminder queued before a restart once the mail server is back', async () => {
    const smtp = await smtpStandIn(onTestFinished);
    const time = manualClock(algiers(15, 10));
    const env = { SMTP_URL: smtp.url(), NOTIFY_EMAIL: 'patron@agence.test', DIGEST_TIME: 'off' };
    const first = await build({ clock: time.clock, env });
    const id = await send(first.app);
    await lead(first.app, 'POST', `/api/leads/${id}/status`, {
      status: 'contacte',
      nextActionAt: algiers(15, 12),
    });
    time.advance(3 * HOUR);
    first.app.reminders.check();
    await first.app.close();

    await smtp.start();
    const { app, dataDir } = await build({ clock: time.clock, env, dataDir: first.dataDir });
    const mails = await smtp.waitForMails(2);
    expect(subjects(mails).sort()).toEqual([
      'Nouveau message de Boulangerie El Bahia : Refonte du site',
      'Relance : Boulangerie El Bahia — Refonte du site',
    ]);
    await expect
      .poll(() => queued(dataDir, 'follow-up'))
      .toEqual([expect.objectContaining({ contact_id: id, channel: 'email', state: 'sent' })]);
    app.reminders.check();
    expect(queued(dataDir, 'follow-up')).toHaveLength(1);
  });

  it('reminds once of a lead still « Nouveau » 2 working hours after it arrived, nights not counted', async () => {
    const smtp = await smtpStandIn(onTestFinished);
    await smtp.start();
    // 19:30 in Algiers: half an hour of working time today, an hour and a half tomorrow.
    const time = manualClock(algiers(15, 19, 30));
    const { app, dataDir } = await build({
      clock: time.clock,
      env: {
        SMTP_URL: smtp.url(),
        NOTIFY_EMAIL: 'patron@agence.test',
        PUBLIC_URL: 'https://www.agence.test',
        DIGEST_TIME: 'off',
      },
    });
    const waiting = await send(app);
    const answered = await send(app, { fullName: 'Transport Oran Sud', subject: 'Site vitrine' });
    await smtp.waitForMails(2);
    await lead(app, 'POST', `/api/leads/${answered}/status`, { status: 'contacte' });

    time.advance(algiers(16, 9, 29) - time.clock());
    app.reminders.check();
    expect(queued(dataDir, 'still-new')).toEqual([]);

    time.advance(MINUTE);
    app.reminders.check();
    const mails = await smtp.waitForMails(3);
    expect(mails[2]?.subject).toBe('Toujours nouveau : Boulangerie El Bahia — Refonte du site');
    expect(mails[2]?.text).toContain(
      'toujours « Nouveau » après 2 heures ouvrées (08:00–20:00, heure d’Alger)',
    );
    expect(mails[2]?.text).toContain(`https://www.agence.test/pageDashboard?message=${waiting}`);

    time.advance(DAY);
    app.reminders.check();
    expect(queued(dataDir, 'still-new')).toEqual([
      expect.objectContaining({ contact_id: waiting, due_at_ms: algiers(16, 9, 30) }),
    ]);
  });
});

describe('the daily digest on the embedded server', () => {
  /**
   * A database from before the reminders, holding one message received long before: the
   * cut-off leaves it out of « Sans réponse », whatever its age.
   */
  async function olderDatabase(): Promise<string> {
    const dataDir = await tempDir('digest');
    const db = new DatabaseSync(path.join(dataDir, DATABASE_FILE));
    const migrations = loadMigrations();
    const reminders = migrations.findIndex((migration) =>
      migration.name.endsWith('-reminders.sql'),
    );
    migrate(db, migrations.slice(0, reminders));
    db.prepare(
      `INSERT INTO contacts (id, full_name, service, email, phone, subject, message, created_at_ms, read)
       VALUES ('ancien', 'Client Exemple', 'Design', 'a@exemple.dz', '+213550123456', 'Ancien sujet', 'Un message assez long.', ?, 0)`,
    ).run(Date.UTC(2025, 5, 1));
    db.close();
    return dataDir;
  }

  it('e-mails at 08:00 Algiers what is due today, overdue and unanswered, never a message from before the cut-off, and nothing on an empty day', async () => {
    const smtp = await smtpStandIn(onTestFinished);
    await smtp.start();
    const time = manualClock(algiers(15, 7));
    const { app, dataDir } = await build({
      clock: time.clock,
      dataDir: await olderDatabase(),
      env: {
        SMTP_URL: smtp.url(),
        NOTIFY_EMAIL: 'patron@agence.test',
        PUBLIC_URL: 'https://www.agence.test',
      },
    });
    const unanswered = await send(app, { fullName: 'Boulangerie El Bahia' });
    const today = await send(app, { fullName: 'Transport Oran Sud', subject: 'Site vitrine' });
    const late = await send(app, { fullName: 'Pharmacie du Port', subject: 'Boutique en ligne' });
    await smtp.waitForMails(3);
    await lead(app, 'POST', `/api/leads/${today}/status`, {
      status: 'contacte',
      nextActionAt: algiers(16, 15),
    });
    await lead(app, 'POST', `/api/leads/${late}/status`, {
      status: 'devis-envoye',
      nextActionAt: algiers(15, 12),
    });

    // 07:59 the next day: not yet.
    time.advance(algiers(16, 7, 59) - time.clock());
    app.reminders.check();
    expect(queued(dataDir, 'digest')).toEqual([]);

    time.advance(MINUTE);
    app.reminders.check();
    const mails = await smtp.waitForMails(6);
    const digest = mails.find((mail) => mail.subject?.startsWith('Votre journée'));
    expect(digest?.subject).toBe(
      'Votre journée : 1 relance aujourd’hui, 1 en retard, 1 sans réponse',
    );
    const text = digest?.text ?? '';
    expect(text).toContain(
      'À relancer aujourd’hui :\n- Transport Oran Sud — Site vitrine (16/01/2026 15:00)',
    );
    expect(text).toContain(
      'En retard :\n- Pharmacie du Port — Boutique en ligne (15/01/2026 12:00)',
    );
    expect(text).toContain(
      'Sans réponse depuis plus de 2 heures ouvrées :\n- Boulangerie El Bahia — Refonte du site',
    );
    expect(text).not.toContain('Client Exemple');
    expect(digest?.html).toContain(`href="https://www.agence.test/pageDashboard?message=${late}"`);
    // The same day, looked for again: one digest.
    time.advance(HOUR);
    app.reminders.check();
    expect(queued(dataDir, 'digest')).toHaveLength(1);
    expect(unanswered).not.toBe(today);

    // Every lead closed: the next day has nothing in it, and no digest goes.
    for (const id of [unanswered, today, late]) {
      await lead(app, 'POST', `/api/leads/${id}/status`, { status: 'gagne' });
    }
    time.advance(algiers(17, 8) - time.clock());
    app.reminders.check();
    expect(digestDay(dataDir)).toBe('2026-01-17');
    expect(queued(dataDir, 'digest')).toHaveLength(1);
  });

  it('counts the messages kept as spam in the 24 hours before it, with a link to « Indésirables », even on a day with nothing else', async () => {
    const smtp = await smtpStandIn(onTestFinished);
    await smtp.start();
    const time = manualClock(algiers(14, 20));
    const { app, dataDir } = await build({
      clock: time.clock,
      env: {
        SMTP_URL: smtp.url(),
        NOTIFY_EMAIL: 'patron@agence.test',
        PUBLIC_URL: 'https://www.agence.test',
      },
    });
    // Kept as spam the evening before the 15th's digest (too old for it: 36 hours before)…
    await send(app, { [HONEYPOT_FIELD]: 'https://publicite.example' });
    // …and two the evening before the 16th's: a real lead filled in by autofill, an advert.
    time.advance(algiers(15, 19) - time.clock());
    await send(app, { [FILL_TIME_FIELD]: 900 });
    await send(app, { [HONEYPOT_FIELD]: 'https://publicite.example' });
    time.advance(algiers(16, 8) - time.clock());
    app.reminders.check();
    const mails = await smtp.waitForMails(1);
    expect(subjects(mails)).toEqual(['Votre journée : 2 indésirables']);
    expect(mails[0]?.text).toContain(
      '2 messages gardés comme indésirables en 24 heures : vérifiez qu’aucun client n’y est tombé.',
    );
    const folder = 'https://www.agence.test/pageDashboard?dossier=indesirables';
    expect(mails[0]?.text).toContain(`Indésirables : ${folder}`);
    expect(mails[0]?.html).toContain(`href="${folder}"`);
    expect(queued(dataDir, 'digest')).toHaveLength(1);
  });

  it('lists the quotes sent 3 days ago and never opened, by number, client and day sent (issue 44)', async () => {
    const smtp = await smtpStandIn(onTestFinished);
    await smtp.start();
    const time = manualClock(algiers(12, 10));
    const { app, dataDir } = await build({
      clock: time.clock,
      env: {
        SMTP_URL: smtp.url(),
        NOTIFY_EMAIL: 'patron@agence.test',
        PUBLIC_URL: 'https://www.agence.test',
      },
      // A quote is sent only with the agency's real mentions (issue 49).
      seller: () => A_REAL_SELLER,
    });
    const id = await send(app, { fullName: 'Transport Oran Sud' });
    await smtp.waitForMails(1);
    // Dealt with, its next follow-up far off: only the quotes can put it in a digest.
    await lead(app, 'POST', `/api/leads/${id}/status`, {
      status: 'devis-envoye',
      nextActionAt: algiers(25, 10),
    });
    const cookie = await signIn(app);
    const sendQuote = (legalName: string) => sendQuoteOf(app, cookie, id, legalName);
    await sendQuote('Transport Oran Sud');
    const opened = await sendQuote('Oran Sud Logistique');
    // The client opens the second one the next day.
    time.advance(DAY);
    const read = await app.inject({
      method: 'POST',
      url: '/api/quote-links/read',
      payload: { token: opened },
    });
    expect(read.statusCode).toBe(200);

    // The 14th at 08:00: sent two days ago, not yet a follow-up; nothing else, no digest.
    time.advance(algiers(14, 8) - time.clock());
    app.reminders.check();
    expect(queued(dataDir, 'digest')).toEqual([]);
    expect(digestDay(dataDir)).toBe('2026-01-14');

    time.advance(DAY);
    app.reminders.check();
    // The new message, the two quotes e-mailed to the client, then the digest.
    const mails = await smtp.waitForMails(4);
    const digest = mails.find((mail) => mail.subject?.startsWith('Votre journée'));
    expect(digest?.subject).toBe('Votre journée : 1 devis non ouvert');
    expect(digest?.text).toContain(
      'Devis pas encore ouverts, envoyés il y a 3 jours ou plus :\n- DEV-2026-0001 — Transport Oran Sud (envoyé le 12/01/2026)',
    );
    expect(digest?.text).not.toContain('Oran Sud Logistique');
    expect(digest?.html).toContain(
      `<a href="https://www.agence.test/pageDashboard?message=${id}">DEV-2026-0001 — <bdi>Transport Oran Sud</bdi></a>`,
    );
  });

  it('lists the invoices past their due date with something left to pay, each linking to « Factures » (issue 46)', async () => {
    const smtp = await smtpStandIn(onTestFinished);
    await smtp.start();
    const time = manualClock(algiers(12, 10));
    const { app, dataDir } = await build({
      clock: time.clock,
      env: {
        SMTP_URL: smtp.url(),
        NOTIFY_EMAIL: 'patron@agence.test',
        PUBLIC_URL: 'https://www.agence.test',
      },
      seller: () => A_REAL_SELLER,
    });
    const id = await send(app, { fullName: 'Transport Oran Sud' });
    await smtp.waitForMails(1);
    // Won: no follow-up left, only the money to come.
    await lead(app, 'POST', `/api/leads/${id}/status`, { status: 'gagne' });
    const cookie = await signIn(app);
    const token = await sendQuoteOf(app, cookie, id);
    const answered = await app.inject({
      method: 'POST',
      url: '/api/quote-links/answer',
      payload: { token, decision: 'accepte' },
    });
    expect(answered.statusCode).toBe(200);
    const quotes = await app.inject({ url: '/api/quotes', headers: { cookie } });
    const quoteId = quotes.json<{ id: string }[]>()[0]?.id;
    // Payable within 2 days: due on the 14th, 142 800 DA TTC; 42 800 DA paid on the 13th.
    const issued = await app.inject({
      method: 'POST',
      url: `/api/quotes/${quoteId}/invoices`,
      headers: { cookie },
      payload: { kind: 'facture', dueDays: 2 },
    });
    expect(issued.statusCode).toBe(201);
    const invoice = issued.json<{ id: string; number: string; dueDate: string }>();
    expect(invoice.dueDate).toBe('2026-01-14');
    time.advance(DAY);
    const paid = await app.inject({
      method: 'POST',
      url: `/api/invoices/${invoice.id}/payments`,
      headers: { cookie: await signIn(app) },
      payload: { date: '2026-01-13', amount: '42 800', method: 'ccp' },
    });
    expect(paid.statusCode).toBe(201);

    // The 14th at 08:00: its last day to pay, not late; nothing else, no digest.
    time.advance(algiers(14, 8) - time.clock());
    app.reminders.check();
    expect(queued(dataDir, 'digest')).toEqual([]);

    time.advance(DAY);
    app.reminders.check();
    // The new message, the quote e-mailed, its acceptance, then the digest.
    const mails = await smtp.waitForMails(4);
    const digest = mails.find((mail) => mail.subject?.startsWith('Votre journée'));
    expect(digest?.subject).toBe('Votre journée : 1 facture en retard');
    expect(digest?.text?.replaceAll('\u202f', ' ')).toContain(
      `Factures en retard de paiement :\n- ${invoice.number} — Transport Oran Sud (reste à payer 100 000,00 DA, échue le 14/01/2026)`,
    );
    const link = `https://www.agence.test/pageDashboard?dossier=factures&facture=${invoice.id}`;
    expect(digest?.text).toContain(`${invoice.number} : ${link}`);
    expect(digest?.html).toContain(
      `<a href="${link.replace('&', '&amp;')}">${invoice.number} — <bdi>Transport Oran Sud</bdi></a>`,
    );
  });

  it('goes at the time DIGEST_TIME says, and not at all when it says off', async () => {
    const smtp = await smtpStandIn(onTestFinished);
    await smtp.start();
    const time = manualClock(algiers(15, 7));
    const late = await build({
      clock: time.clock,
      env: { SMTP_URL: smtp.url(), NOTIFY_EMAIL: 'patron@agence.test', DIGEST_TIME: '09:30' },
    });
    await send(late.app);
    await smtp.waitForMails(1);
    time.advance(algiers(16, 9, 29) - time.clock());
    late.app.reminders.check();
    expect(queued(late.dataDir, 'digest')).toEqual([]);
    time.advance(MINUTE);
    late.app.reminders.check();
    expect(queued(late.dataDir, 'digest')).toHaveLength(1);
    const status = await late.app.inject({
      url: '/api/notifications',
      headers: { cookie: await signIn(late.app) },
    });
    expect(status.json().email.digestTime).toBe('09:30');

    const off = await build({
      clock: time.clock,
      dataDir: await tempDir('digest-off'),
      env: { SMTP_URL: smtp.url(), NOTIFY_EMAIL: 'patron@agence.test', DIGEST_TIME: 'off' },
    });
    await send(off.app);
    time.advance(DAY);
    off.app.reminders.check();
    // The still-new reminder went (a sign the scheduler looked); no digest.
    expect(queued(off.dataDir, 'still-new')).toHaveLength(1);
    expect(queued(off.dataDir, 'digest')).toEqual([]);
    expect(digestDay(off.dataDir)).toBeNull();
  });

  it('refuses a DIGEST_TIME that is neither a time nor off, in French', () => {
    expect(() => loadConfig({ DIGEST_TIME: '25:00' })).toThrow(
      'DIGEST_TIME doit être une heure d’Alger au format HH:MM',
    );
    expect(loadConfig({ DIGEST_TIME: 'OFF' }).DIGEST_TIME).toBe('OFF');
    expect(loadConfig({}).DIGEST_TIME).toBe('08:00');
  });
});
