/**
 * « Réglages » on the embedded server (docs/inbox.md, « Réglages »): saved from the dashboard,
 * effective at once, without a restart — the digest goes at the time chosen there, to the
 * address chosen there; a lead still « Nouveau » is reminded after two hours of the working
 * hours chosen there; the next quote is sent with the mentions typed there, and none leaves
 * while one is missing. The server's clock is injected, e-mails reach a local SMTP server.
 */
import { describe, expect, it, onTestFinished } from 'vitest';
import type { SettingsInput } from '../../shared/domain/settings/settings.ts';
import { smtpStandIn } from '../fixtures/smtp-stand-in.ts';
import { aFilledSettings } from '../shared/backend/settings-contract.ts';
import { A_DRAFT } from '../shared/backend/quotes-contract.ts';
import {
  build,
  createTestApp,
  manualClock,
  postContact,
  signIn,
  VALID_CONTACT,
  type TestApp,
} from './helpers.ts';

const MINUTE = 60_000;
/** Algiers is UTC+1 all year. 26 November 2026 is a Thursday. */
const algiers = (day: number, hour: number, minute = 0) =>
  Date.UTC(2026, 10, day, hour - 1, minute);

async function admin(app: TestApp, method: 'GET' | 'PUT' | 'POST', url: string, body?: unknown) {
  return app.inject({
    method,
    url,
    headers: {
      cookie: await signIn(app),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

async function saveSettings(app: TestApp, change: (base: SettingsInput) => SettingsInput) {
  const current = await admin(app, 'GET', '/api/settings');
  expect(current.statusCode).toBe(200);
  const saved = await admin(app, 'PUT', '/api/settings', {
    settings: change(current.json().settings),
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return saved.json();
}

describe('« Réglages » on the embedded server, effective at once', () => {
  it('sends the digest at the time chosen there, to the address chosen there', async () => {
    const smtp = await smtpStandIn(onTestFinished);
    await smtp.start();
    const time = manualClock(algiers(26, 6));
    const { app } = await build({
      clock: time.clock,
      env: { SMTP_URL: smtp.url(), NOTIFY_EMAIL: 'patron@agence.test', DIGEST_TIME: '08:00' },
    });
    const response = await postContact(app, VALID_CONTACT);
    expect(response.statusCode).toBe(201);
    const [first] = await smtp.waitForMails(1);
    expect(first?.to).toMatchObject({ text: 'patron@agence.test' });

    await saveSettings(app, (base) => ({
      ...aFilledSettings(base),
      hours: base.hours,
      notifications: { digestTime: '07:15', email: 'gerance@atelier.dz' },
    }));

    // The same morning, the lead still « Nouveau » two working hours later: its reminder, to
    // the address of « Réglages » too.
    time.advance(algiers(26, 10, 1) - time.clock());
    app.reminders.check();
    const [, reminder] = await smtp.waitForMails(2);
    expect(reminder?.subject).toMatch(/^Toujours nouveau/u);
    expect(reminder?.to).toMatchObject({ text: 'gerance@atelier.dz' });

    // The next day, 07:14: not yet (and 08:00, DIGEST_TIME's, is no longer the time).
    time.advance(algiers(27, 7, 14) - time.clock());
    app.reminders.check();
    expect(smtp.mails).toHaveLength(2);
    time.advance(MINUTE);
    app.reminders.check();
    const mails = await smtp.waitForMails(3);
    const digest = mails.find((mail) => mail.subject?.startsWith('Votre journée'));
    expect(digest?.to).toMatchObject({ text: 'gerance@atelier.dz' });
    expect(digest?.text).toContain('Boulangerie El Bahia');
    // What the dashboard's notifications panel says.
    const status = await admin(app, 'GET', '/api/notifications');
    expect(status.json().email).toMatchObject({
      digestTime: '07:15',
      recipient: 'gerance@atelier.dz',
    });
  });

  it('counts the « 2 heures » in the working days and hours chosen there', async () => {
    const smtp = await smtpStandIn(onTestFinished);
    await smtp.start();
    // Thursday 26 November, 16:00.
    const time = manualClock(algiers(26, 16));
    const { app } = await build({
      clock: time.clock,
      env: { SMTP_URL: smtp.url(), NOTIFY_EMAIL: 'patron@agence.test', DIGEST_TIME: 'off' },
    });
    await saveSettings(app, (base) => ({
      ...base,
      hours: { days: [0, 1, 2, 3, 4], opens: '08:30', closes: '17:00' },
    }));
    expect((await postContact(app, VALID_CONTACT)).statusCode).toBe(201);
    await smtp.waitForMails(1);
    // Every day 08–20 would remind at 18:00; Sunday–Thursday 08:30–17:00 waits for Sunday 09:30.
    time.advance(algiers(28, 12) - time.clock());
    app.reminders.check();
    time.advance(algiers(29, 9, 29) - time.clock());
    app.reminders.check();
    expect(smtp.mails).toHaveLength(1);
    time.advance(MINUTE);
    app.reminders.check();
    const mails = await smtp.waitForMails(2);
    expect(mails[1]?.subject).toBe('Toujours nouveau : Boulangerie El Bahia — Refonte du site');
  });

  it('lists in the digest as « sans réponse » only what the working hours chosen there make so (issue 49, the review’s finding)', async () => {
    const smtp = await smtpStandIn(onTestFinished);
    await smtp.start();
    // Thursday 26 November, 16:00.
    const time = manualClock(algiers(26, 16));
    const { app } = await build({
      clock: time.clock,
      env: { SMTP_URL: smtp.url(), NOTIFY_EMAIL: 'patron@agence.test', DIGEST_TIME: 'off' },
    });
    await saveSettings(app, (base) => ({
      ...base,
      hours: { days: [0, 1, 2, 3, 4], opens: '08:30', closes: '17:00' },
      notifications: { digestTime: '07:15', email: '' },
    }));
    expect((await postContact(app, VALID_CONTACT)).statusCode).toBe(201);
    await smtp.waitForMails(1);
    app.reminders.check();
    // Friday 07:15: one working hour of two has passed; every day 08–20 would list it.
    time.advance(algiers(27, 7, 15) - time.clock());
    app.reminders.check();
    time.advance(algiers(27, 12) - time.clock());
    app.reminders.check();
    expect(smtp.mails.map((mail) => mail.subject)).toHaveLength(1);
    // Monday 07:15: past Sunday 09:30, it is.
    time.advance(algiers(29, 9, 30) - time.clock());
    app.reminders.check();
    time.advance(algiers(30, 7, 15) - time.clock());
    app.reminders.check();
    const mails = await smtp.waitForMails(3);
    const digest = mails.find((mail) => mail.subject?.startsWith('Votre journée'));
    expect(digest?.subject).toBe('Votre journée : 1 sans réponse');
  });

  it('refuses to send a quote while a mention is missing, then sends the next one with those typed there', async () => {
    const time = manualClock(algiers(26, 10));
    const { app } = await build({ clock: time.clock });
    const { id: leadId } = (await postContact(app, VALID_CONTACT)).json<{ id: string }>();
    const draft = await admin(app, 'POST', '/api/quotes', { leadId, draft: A_DRAFT });
    expect(draft.statusCode).toBe(201);
    const draftId = draft.json().id as string;
    expect(draft.json().seller.placeholder).toBe(true);

    const refused = await admin(app, 'POST', `/api/quotes/${draftId}/send`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatch(
      /^Ce devis ne peut pas être envoyé : .* Complétez les mentions légales dans « Réglages »\./u,
    );

    const saved = await saveSettings(app, aFilledSettings);
    expect(saved.missing).toEqual([]);
    const sent = await admin(app, 'POST', `/api/quotes/${draftId}/send`, {});
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().quote.seller).toMatchObject({
      placeholder: false,
      rc: '13/00-0123456 B 24',
      nif: '001213012345678',
      nis: '001213010012345',
      articleImposition: '13011234567',
      account: { kind: 'rib', bank: 'CPA', rib: '00799999002311500797' },
      secondAccount: { kind: 'ccp', ccp: '23115007', key: '32' },
    });

    // What was sent stays: a later change of « Réglages » leaves it as it was.
    await saveSettings(app, (base) => ({ ...base, legal: { ...base.legal, rc: '' } }));
    const kept = await admin(app, 'GET', `/api/quotes/${draftId}`);
    expect(kept.json().seller.rc).toBe('13/00-0123456 B 24');
  });

  it('says at start which values apply', async () => {
    const first = await createTestApp();
    onTestFinished(() => first.dispose());
    expect(first.announced.join('\n')).toContain('Réglages : jamais enregistrés');
    await saveSettings(first.app, aFilledSettings);
    await first.app.close();
    const again = await build({ dataDir: first.dataDir });
    expect(again.announced.join('\n')).toMatch(
      /Réglages : ceux enregistrés dans « Réglages » le .* s’appliquent/u,
    );
  });
});
