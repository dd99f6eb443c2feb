/**
 * Migrations 007 and 011 open the notification tables to any registered channel (its name,
 * then its fan-out, rebuilding the outbox table): a database written before them, with an
 * e-mail and a push still pending, keeps both rows and delivers them after.
 */
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { expect, it, onTestFinished } from 'vitest';
import { DATABASE_FILE, loadMigrations, migrate } from '../../../src-server/db/database.ts';
import { browserKeys, decryptPushBody, pushService } from '../../fixtures/push-endpoint.ts';
import { smtpStandIn } from '../../fixtures/smtp-stand-in.ts';
import { build, tempDir } from '../helpers.ts';

const BEFORE_OPEN_CHANNELS = 6;

it('keeps a pending e-mail and push through the migration, and delivers them', async () => {
  const smtp = await smtpStandIn(onTestFinished);
  await smtp.start();
  const service = await pushService(onTestFinished);
  const phone = browserKeys();

  const dataDir = await tempDir('migration');
  const db = new DatabaseSync(path.join(dataDir, DATABASE_FILE));
  migrate(db, loadMigrations().slice(0, BEFORE_OPEN_CHANNELS));
  const t = Date.UTC(2026, 10, 20, 8, 0);
  db.exec(`
    INSERT INTO admins (id, email, password_hash, created_at_ms, updated_at_ms)
      VALUES (1, 'ancien@agence.test', 'x', ${t}, ${t});
    INSERT INTO contacts (id, full_name, service, email, phone, subject, message, created_at_ms)
      VALUES ('before-006', 'Boulangerie El Bahia', 'Design', 'contact@elbahia.dz',
        '+213555123456', 'Refonte du site', 'Bonjour, je souhaite refaire mon site.', ${t});
  `);
  db.prepare(
    `INSERT INTO push_subscriptions (endpoint, admin_id, p256dh, auth, created_at_ms)
     VALUES (?, 1, ?, ?, ?)`,
  ).run(service.endpoint('/phone'), phone.json.p256dh, phone.json.auth, t);
  db.exec(`
    INSERT INTO notification_outbox (id, contact_id, channel, subscription, attempts,
      next_attempt_at_ms, created_at_ms, updated_at_ms, last_error)
      VALUES (7, 'before-006', 'email', NULL, 2, ${t}, ${t}, ${t}, 'serveur SMTP arrêté');
    INSERT INTO notification_outbox (id, contact_id, channel, subscription, attempts,
      next_attempt_at_ms, created_at_ms, updated_at_ms)
      VALUES (8, 'before-006', 'push', '${service.endpoint('/phone')}', 1, ${t}, ${t}, ${t});
    INSERT INTO notification_health (channel, last_failure_at_ms, last_error)
      VALUES ('email', ${t}, 'serveur SMTP arrêté');
  `);
  expect(db.prepare('PRAGMA user_version').get()).toEqual({ user_version: BEFORE_OPEN_CHANNELS });
  db.close();

  await build({
    dataDir,
    // The account is the one already in the database.
    noAdminEnv: true,
    env: {
      SMTP_URL: smtp.url(),
      NOTIFY_EMAIL: 'proprietaire@agence.test',
      MAIL_FROM: 'site@agence.test',
      TEST_LOOPBACK_ENDPOINTS: 'true',
    },
    notifications: { pushAgent: service.agent },
  });

  const [mail] = await smtp.waitForMails(1);
  expect(mail?.messageId).toBe('<contact-before-006@agence.test>');
  const [push] = await service.waitForPushes(1);
  expect(JSON.parse(decryptPushBody(push?.body ?? Buffer.alloc(0), phone))).toMatchObject({
    tag: 'before-006',
  });

  const after = new DatabaseSync(path.join(dataDir, DATABASE_FILE), { readOnly: true });
  onTestFinished(() => after.close());
  const rows = () =>
    after.prepare('SELECT id, channel, state FROM notification_outbox ORDER BY id').all();
  await expect.poll(rows, { timeout: 10_000 }).toEqual([
    { id: 7, channel: 'email', state: 'sent' },
    { id: 8, channel: 'push', state: 'sent' },
  ]);
});
