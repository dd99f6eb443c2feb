/**
 * The console's reminders against the real local server, on one clock the test moves (the
 * server's and the console's): a follow-up that falls due while the console runs raises one
 * system notification, « Relance : NOM — SUJET », a click on which opens the message; a new
 * date raises another; what was already due when the console started is left to the e-mail,
 * push and webhook (docs/desktop.md).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBackendFactory } from '../../../src-electron/main/backend-factory.ts';
import { createConsoleService } from '../../../src-electron/main/console-service.ts';
import type { ConsoleReminder } from '../../../src-electron/main/lead-reminders.ts';
import { createMessageNotifier } from '../../../src-electron/main/notifications.ts';
import { createSecretFile } from '../../../src-electron/main/secret-file.ts';
import {
  ADMIN,
  createTestApp,
  listen,
  manualClock,
  signIn,
  VALID_CONTACT,
} from '../../server/helpers.ts';
import { createFakeElectron } from '../fake-electron.ts';

const WAIT = { timeout: 20_000 };
const HOUR = 3_600_000;
/** Algiers is UTC+1 all year. */
const algiers = (day: number, hour: number) => Date.UTC(2026, 0, day, hour - 1);

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('the console’s reminders on the local server', () => {
  it('notifies a follow-up that falls due while it runs, once per date, and not what was due before it started', async () => {
    const time = manualClock(algiers(15, 10));
    const server = await createTestApp({ clock: time.clock, env: { DIGEST_TIME: 'off' } });
    cleanups.push(() => server.dispose());
    const url = await listen(server.app);
    const post = async (subject: string) => {
      const response = await fetch(`${url}/api/contacts`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ ...VALID_CONTACT, subject }),
      });
      return ((await response.json()) as { id: string }).id;
    };
    const setNextAction = async (id: string, status: string, nextActionAt: number) => {
      const response = await server.app.inject({
        method: 'POST',
        url: `/api/leads/${id}/status`,
        headers: { cookie: await signIn(server.app), 'content-type': 'application/json' },
        payload: JSON.stringify({ status, nextActionAt }),
      });
      expect(response.statusCode).toBe(200);
    };
    // Due an hour before the console starts: the e-mail's business, not a notification.
    const before = await post('Déjà en retard');
    await setNextAction(before, 'contacte', algiers(15, 11));
    time.advance(2 * HOUR);

    const electron = createFakeElectron();
    const dir = await mkdtemp(path.join(tmpdir(), 'agence-console-reminders-'));
    const sessionSecret = createSecretFile(
      path.join(dir, 'session.bin'),
      electron.safeStorage,
      'linux',
    );
    cleanups.push(async () => {
      await sessionSecret.read();
      await rm(dir, { recursive: true, force: true });
    });
    const clicked: string[] = [];
    const notifier = createMessageNotifier({
      Notification: electron.Notification,
      platform: 'linux',
      onClick: (id) => clicked.push(id),
    });
    const reminders: ConsoleReminder[] = [];
    const service = createConsoleService({
      createBackend: createBackendFactory({
        fetch: globalThis.fetch.bind(globalThis),
        sessionSecret,
      }),
      notify: () => undefined,
      notifyReminder: (reminder) => {
        reminders.push(reminder);
        notifier.notifyReminder(reminder);
      },
      clock: time.clock,
      setUnread: () => undefined,
      emit: () => undefined,
      isLookingAtInbox: () => false,
    });
    cleanups.push(() => service.dispose());
    await service.useBackend({ kind: 'server', url });
    expect(await service.signIn(ADMIN.email, ADMIN.password)).toMatchObject({ ok: true });
    await vi.waitFor(
      () =>
        expect(service.snapshot()).toMatchObject({ status: 'live', messages: [expect.anything()] }),
      WAIT,
    );

    const later = await post('Refonte du site');
    // At 13:00, before its 2 working hours as « Nouveau » run out (14:00): the reminder can
    // only be the follow-up's, once the console has heard of it on the pipeline's stream.
    await setNextAction(later, 'devis-envoye', algiers(15, 13));
    time.advance(HOUR);
    await vi.waitFor(() => {
      service.checkReminders();
      expect(reminders).toHaveLength(1);
    }, WAIT);
    expect(reminders[0]).toMatchObject({ reason: 'follow-up', dueAt: algiers(15, 13) });
    expect(reminders[0]?.message.id).toBe(later);
    const [shown] = electron.fake.notifications;
    expect(shown?.options).toMatchObject({
      title: 'Relance : Boulangerie El Bahia — Refonte du site',
      body: 'Relance prévue le jeudi 15 janvier 2026 à 13:00',
    });
    shown?.simulateClick();
    expect(clicked).toEqual([later]);

    // Looked at again: nothing more. A new date: a new notification when it comes.
    service.checkReminders();
    expect(reminders).toHaveLength(1);
    // A note since (before the new date, on the same ordered stream: the console knows it by
    // the time the date falls due): the next notification carries it, as e-mail and push do.
    const note = await server.app.inject({
      method: 'POST',
      url: `/api/leads/${later}/notes`,
      headers: { cookie: await signIn(server.app), 'content-type': 'application/json' },
      payload: JSON.stringify({ text: 'Rappeler après 14 h pour le devis.' }),
    });
    expect(note.statusCode).toBe(201);
    await setNextAction(later, 'devis-envoye', algiers(15, 16));
    time.advance(3 * HOUR);
    await vi.waitFor(() => {
      service.checkReminders();
      expect(reminders).toHaveLength(2);
    }, WAIT);
    expect(reminders.map((reminder) => reminder.message.id)).toEqual([later, later]);
    expect(electron.fake.notifications[1]?.options).toMatchObject({
      body: 'Relance prévue le jeudi 15 janvier 2026 à 16:00\nDernière note : Rappeler après 14 h pour le devis.',
    });
  });
});
