/**
 * The SQL schema repeats some of the domain's lists in its CHECK constraints (the statuses, the
 * reasons, the sources, the quotes' languages…): a value the domain gains and the schema does
 * not would be refused only when first written — a 500 on the owner's screen. Here every value
 * of every list is written, on a database migrated as the server migrates it, into each column
 * that holds it: a value the domain gains fails this test until a migration accepts it
 * (docs/architecture.md, « Les listes que le stockage répète »). firestore.rules' lists are held
 * the same way by tests/firebase/rules-file.test.ts.
 */
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  CONTACT_LANGUAGES,
  CONTACT_SERVICES,
  SPAM_REASON_CODES,
} from '../../shared/domain/contact.ts';
import {
  LEAD_SOURCE_CODES,
  LEAD_STATUS_CODES,
  LOST_REASON_CODES,
  REPLY_CHANNEL_CODES,
} from '../../shared/domain/leads/pipeline.ts';
import { QUOTE_LANGUAGES } from '../../shared/domain/quotes/quote.ts';
import { QUOTE_DECISIONS } from '../../shared/domain/quotes/record.ts';
import { VAT_RATES } from '../../shared/domain/quotes/seller.ts';
import { QUOTE_STATUSES } from '../../shared/domain/quotes/status.ts';
import { REMINDER_REASONS } from '../../shared/notifications/notice.ts';
import { migrate } from '../../src-server/db/database.ts';

let db: DatabaseSync;
let rows = 0;

beforeEach(() => {
  db = new DatabaseSync(':memory:');
  db.exec('PRAGMA foreign_keys = ON');
  migrate(db);
});

afterEach(() => {
  db.close();
});

type Value = string | number | null;

function insert(table: string, values: Record<string, Value>): void {
  const columns = Object.keys(values);
  db.prepare(
    `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
  ).run(...Object.values(values));
}

/** Writes a row with `write`; what SQLite said if it refused it (the value, for the message). */
function refusal(value: Value, write: () => void): string | null {
  try {
    write();
    return null;
  } catch (error) {
    return `${String(value)} : ${error instanceof Error ? error.message : String(error)}`;
  }
}

function contact(values: Record<string, Value> = {}): string {
  rows += 1;
  const id = `c${rows}`;
  insert('contacts', {
    id,
    full_name: 'Samir Benali',
    service: CONTACT_SERVICES[0],
    email: 'samir@exemple.dz',
    phone: '+213550123456',
    subject: 'Site',
    message: 'Bonjour',
    created_at_ms: 1,
    ...values,
  });
  return id;
}

function lead(status: string, lostReason: string | null = null): string {
  const id = contact();
  insert('leads', { contact_id: id, status, lost_reason: lostReason });
  return id;
}

function quote(values: Record<string, Value>): string {
  rows += 1;
  const id = `q${rows}`;
  const sent = values.status !== undefined && values.status !== 'brouillon';
  const answered = values.status === 'accepte' || values.status === 'refuse';
  insert('quotes', {
    id,
    contact_id: contact(),
    number: sent ? `DEV-2026-${String(rows).padStart(4, '0')}` : null,
    version: 1,
    status: 'brouillon',
    language: CONTACT_LANGUAGES[0] ?? 'fr',
    client_json: '{}',
    paid_in_cash: 0,
    validity_days: 30,
    issue_date: '2026-11-28',
    snapshot_json: sent ? '{}' : null,
    sent_at_ms: sent ? 1 : null,
    answer: answered ? String(values.status) : null,
    created_at_ms: 1,
    updated_at_ms: 1,
    ...values,
  });
  return id;
}

describe('every value of the domain’s lists is one the database accepts', () => {
  it('a message: each service, language, spam reason and source', () => {
    expect(CONTACT_SERVICES.map((s) => refusal(s, () => contact({ service: s })))).toEqual(
      CONTACT_SERVICES.map(() => null),
    );
    expect(CONTACT_LANGUAGES.map((l) => refusal(l, () => contact({ language: l })))).toEqual(
      CONTACT_LANGUAGES.map(() => null),
    );
    expect(SPAM_REASON_CODES.map((r) => refusal(r, () => contact({ spam_reason: r })))).toEqual(
      SPAM_REASON_CODES.map(() => null),
    );
    expect(LEAD_SOURCE_CODES.map((s) => refusal(s, () => contact({ source: s })))).toEqual(
      LEAD_SOURCE_CODES.map(() => null),
    );
  });

  it('a lead: each status, lost reason, and each on its timeline with each reply channel', () => {
    const statuses = LEAD_STATUS_CODES.map((status) =>
      refusal(status, () => {
        const id = lead(status, status === 'perdu' ? LOST_REASON_CODES[0] : null);
        insert('lead_timeline', {
          id: `${id}-s`,
          contact_id: id,
          type: 'status',
          at_ms: 1,
          status,
        });
      }),
    );
    expect(statuses).toEqual(LEAD_STATUS_CODES.map(() => null));
    const reasons = LOST_REASON_CODES.map((reason) =>
      refusal(reason, () => {
        const id = lead('perdu', reason);
        insert('lead_timeline', {
          id: `${id}-s`,
          contact_id: id,
          type: 'status',
          at_ms: 1,
          status: 'perdu',
          lost_reason: reason,
        });
      }),
    );
    expect(reasons).toEqual(LOST_REASON_CODES.map(() => null));
    const channels = REPLY_CHANNEL_CODES.map((channel) =>
      refusal(channel, () => {
        const id = lead('contacte');
        insert('lead_timeline', {
          id: `${id}-r`,
          contact_id: id,
          type: 'reply',
          at_ms: 1,
          channel,
        });
      }),
    );
    expect(channels).toEqual(REPLY_CHANNEL_CODES.map(() => null));
  });

  it('a quote: each status, language, answer and VAT rate', () => {
    expect(QUOTE_STATUSES.map((status) => refusal(status, () => quote({ status })))).toEqual(
      QUOTE_STATUSES.map(() => null),
    );
    expect(QUOTE_LANGUAGES.map((language) => refusal(language, () => quote({ language })))).toEqual(
      QUOTE_LANGUAGES.map(() => null),
    );
    expect(
      QUOTE_DECISIONS.map((decision) => refusal(decision, () => quote({ status: decision }))),
    ).toEqual(QUOTE_DECISIONS.map(() => null));
    const rates = VAT_RATES.map((rate) =>
      refusal(rate, () =>
        insert('quote_lines', {
          quote_id: quote({}),
          position: 0,
          designation: 'Site vitrine',
          unit: 'forfait',
          quantity_milli: 1000,
          unit_price_centimes: 100,
          discount_basis_points: 0,
          vat_rate: rate,
        }),
      ),
    );
    expect(rates).toEqual(VAT_RATES.map(() => null));
  });

  it('a reminder: each reason', () => {
    const id = contact();
    expect(
      REMINDER_REASONS.map((reason) =>
        refusal(reason, () =>
          insert('notification_outbox', {
            contact_id: id,
            kind: reason,
            due_at_ms: 1,
            channel: 'email',
            next_attempt_at_ms: 1,
            created_at_ms: 1,
            updated_at_ms: 1,
          }),
        ),
      ),
    ).toEqual(REMINDER_REASONS.map(() => null));
  });
});
