/**
 * The digest reads only the messages it can name (issue 48), on indexes: it must say exactly
 * what dailyDigest says over the whole inbox. A database with every kind of message around the
 * bounds (follow-ups overdue, today, tomorrow, later, on closed leads; « Nouveau » messages
 * before and after the cut-off, under two hours old, dealt with; spam; sent quotes opened or
 * not, on open and closed leads) gives the same digest both ways.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { afterEach, expect, it } from 'vitest';
import { EVERY_DAY_HOURS } from '../../shared/domain/leads/business-hours.ts';
import { dailyDigest } from '../../shared/domain/leads/follow-up.ts';
import { LEAD_STATUS_CODES } from '../../shared/domain/leads/pipeline.ts';
import { openDatabase } from '../../src-server/db/database.ts';
import { RemindersRepository } from '../../src-server/db/reminders-repository.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
// Tuesday 1 December 2026, 09:30 in Algiers.
const NOW = Date.parse('2026-12-01T08:30:00Z');
const SINCE = NOW - 10 * DAY;

const opened: { db: DatabaseSync; dir: string }[] = [];
afterEach(() => {
  for (const { db, dir } of opened.splice(0)) {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

const CLIENT = JSON.stringify({
  kind: 'entreprise',
  legalName: 'Transport Oran Sud',
  address: 'Oran',
  rc: '',
  nif: '000016001234567',
  nis: '',
  articleImposition: '',
  phone: '',
});

function seeded(): DatabaseSync {
  const dir = mkdtempSync(path.join(tmpdir(), 'agence-digest-'));
  const db = openDatabase(dir);
  opened.push({ db, dir });
  const contact = db.prepare(
    `INSERT INTO contacts (id, full_name, service, email, phone, subject, message, created_at_ms,
       spam_reason) VALUES (?, ?, 'Design', 'a@example.com', '+213555123456', ?, 'Bonjour', ?, ?)`,
  );
  const lead = db.prepare(
    `INSERT INTO leads (contact_id, status, lost_reason, status_changed_at_ms, next_action_at_ms)
     VALUES (?, ?, ?, ?, ?)`,
  );
  const quote = db.prepare(
    `INSERT INTO quotes (id, contact_id, number, version, status, language, client_json,
       paid_in_cash, validity_days, issue_date, valid_until, snapshot_json, created_at_ms,
       updated_at_ms, sent_at_ms, first_viewed_at_ms)
     VALUES (?, ?, ?, 1, 'envoye', 'fr', ?, 0, 30, ?, ?, '{}', ?, ?, ?, ?)`,
  );
  const received = [
    NOW - 400 * DAY,
    SINCE - HOUR,
    SINCE,
    NOW - 5 * DAY,
    NOW - 3 * HOUR,
    NOW - 2 * HOUR,
    NOW - HOUR,
  ];
  const nextActions = [
    null,
    NOW - 300 * DAY,
    NOW - DAY,
    NOW - HOUR,
    NOW + 2 * HOUR,
    NOW + 15 * HOUR,
    NOW + DAY,
    NOW + 3 * DAY,
  ];
  let n = 0;
  for (const at of received) {
    for (const status of [null, ...LEAD_STATUS_CODES]) {
      for (const nextAction of nextActions) {
        for (const spam of [null, 'hidden-field']) {
          n += 1;
          const id = `m-${n}`;
          contact.run(id, `Client ${n}`, `Sujet ${n}`, at, spam);
          if (status !== null) {
            lead.run(id, status, status === 'perdu' ? 'prix' : null, at, nextAction);
          } else if (nextAction !== null) continue;
          if (n % 3 === 0) {
            const sentAt = NOW - (n % 9) * DAY;
            quote.run(
              `q-${n}`,
              id,
              `DEV-2026-${String(n).padStart(4, '0')}`,
              CLIENT,
              '2026-11-20',
              '2026-12-20',
              sentAt,
              sentAt,
              sentAt,
              n % 5 === 0 ? sentAt + HOUR : null,
            );
          }
        }
      }
    }
  }
  // The history: messages dealt with long ago, which no digest names.
  for (let h = 0; h < 200; h++) {
    contact.run(`old-${h}`, `Ancien ${h}`, `Ancien sujet ${h}`, NOW - 500 * DAY + h * HOUR, null);
    lead.run(`old-${h}`, 'contacte', null, NOW - 499 * DAY, null);
  }
  return db;
}

/** The digest as it was computed before issue 48: over every message of the inbox. */
function overTheWholeInbox(db: DatabaseSync, repository: RemindersRepository) {
  const inbox = db
    .prepare(
      `SELECT c.id, c.full_name, c.subject, c.created_at_ms, l.status, l.next_action_at_ms
       FROM contacts c LEFT JOIN leads l ON l.contact_id = c.id WHERE c.spam_reason IS NULL`,
    )
    .all()
    .map((row) => ({
      id: String(row.id),
      fullName: String(row.full_name),
      subject: String(row.subject),
      receivedAt: Number(row.created_at_ms),
      status: LEAD_STATUS_CODES.find((code) => code === row.status) ?? 'nouveau',
      nextActionAt: row.next_action_at_ms == null ? null : Number(row.next_action_at_ms),
    }));
  return dailyDigest(inbox, new Map(inbox.map((lead) => [lead.id, lead])), NOW, {
    hours: EVERY_DAY_HOURS,
    unansweredSince: SINCE,
    quotes: repository.unopenedCandidates(),
  });
}

it('the digest from its candidates is the digest of the whole inbox', () => {
  const db = seeded();
  const repository = new RemindersRepository(db);
  const candidates = repository.digestCandidates(NOW, SINCE);
  const digest = dailyDigest(candidates, new Map(candidates.map((lead) => [lead.id, lead])), NOW, {
    hours: EVERY_DAY_HOURS,
    unansweredSince: SINCE,
    quotes: repository.unopenedCandidates(),
  });
  const whole = overTheWholeInbox(db, repository);
  expect(digest).toEqual(whole);
  // The seed gives each list something, and the candidates are fewer than the inbox.
  expect(whole?.dueToday.length).toBeGreaterThan(0);
  expect(whole?.overdue.length).toBeGreaterThan(0);
  expect(whole?.unanswered.length).toBeGreaterThan(0);
  expect(whole?.unopenedQuotes.length).toBeGreaterThan(0);
  expect(candidates.filter((lead) => lead.id.startsWith('old-'))).toEqual([]);
});
