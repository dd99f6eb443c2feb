/**
 * The scans the server makes by itself, and GET /api/leads, each on an index (issue 48): at
 * 1,000,000 messages, a query that reads a whole table or sorts in a temporary B-tree holds the
 * event loop for seconds, and every page waits. The statements are the repositories' own,
 * caught as they are prepared, and SQLite's plan is asked for each.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src-server/db/database.ts';
import { LeadsRepository } from '../../src-server/db/leads-repository.ts';
import { QuotesRepository } from '../../src-server/db/quotes-repository.ts';
import { RemindersRepository } from '../../src-server/db/reminders-repository.ts';

const opened: { db: DatabaseSync; dir: string }[] = [];
afterEach(() => {
  for (const { db, dir } of opened.splice(0)) {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

/** Every statement the repositories prepare, by its SQL. */
function preparedStatements(): { db: DatabaseSync; sql: string[] } {
  const dir = mkdtempSync(path.join(tmpdir(), 'agence-plans-'));
  const db = openDatabase(dir);
  opened.push({ db, dir });
  const sql: string[] = [];
  const watching = new Proxy(db, {
    get(target, property) {
      if (property === 'prepare') {
        return (text: string) => {
          sql.push(text);
          return target.prepare(text);
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
    },
  });
  new LeadsRepository(watching);
  new RemindersRepository(watching);
  new QuotesRepository(watching);
  return { db, sql };
}

function planOf(db: DatabaseSync, sql: string): string[] {
  return db
    .prepare(`EXPLAIN QUERY PLAN ${sql}`)
    .all()
    .map((row) => String(row.detail));
}

function statement(sql: string[], pattern: RegExp): string {
  const found = sql.filter((text) => pattern.test(text.replace(/\s+/g, ' ')));
  expect(found, String(pattern)).toHaveLength(1);
  return found[0] ?? '';
}

describe('query plans', () => {
  it('GET /api/leads reads the timelines newest first from an index, with no temporary B-tree', () => {
    const { db, sql } = preparedStatements();
    const plan = planOf(db, statement(sql, /FROM lead_timeline ORDER BY at_ms DESC/));
    expect(plan.join(' | ')).toMatch(/USING INDEX lead_timeline_by_time/);
    expect(plan.join(' | ')).not.toMatch(/TEMP B-TREE/);
  });

  it('the follow-ups that have come are found by their date', () => {
    const { db, sql } = preparedStatements();
    const plan = planOf(db, statement(sql, /WHERE l\.next_action_at_ms <= \?/));
    expect(plan.join(' | ')).toMatch(/SEARCH l USING INDEX leads_by_next_action/);
  });

  it('the « Nouveau » messages of a period are found by their arrival', () => {
    const { db, sql } = preparedStatements();
    const plan = planOf(db, statement(sql, /c\.created_at_ms >= \? AND c\.created_at_ms <= \?/));
    expect(plan.join(' | ')).toMatch(/SEARCH c USING INDEX contacts_inbox_by_age/);
  });

  it('the sent quotes past their last day are found by it', () => {
    const { db, sql } = preparedStatements();
    const plan = planOf(db, statement(sql, /status = 'envoye' AND valid_until < \?/));
    expect(plan.join(' | ')).toMatch(/USING (COVERING )?INDEX quotes_sent_by_end/);
  });

  it('the digest reads only the messages it can name, each set on an index', () => {
    const { db, sql } = preparedStatements();
    const plan = planOf(
      db,
      statement(sql, /SELECT contact_id FROM leads WHERE next_action_at_ms < \?/),
    );
    const text = plan.join(' | ');
    expect(text).toMatch(/SEARCH leads USING INDEX leads_by_next_action/);
    expect(text).toMatch(/SEARCH n USING INDEX contacts_inbox_by_age/);
    expect(text).toMatch(/SEARCH c USING INDEX sqlite_autoindex_contacts_1 \(id=\?\)/);
    expect(text).not.toMatch(/SCAN (c|n|l|leads|contacts)\b/);
  });

  it('the spam of the digest’s last day is found on the spam’s index', () => {
    const { db, sql } = preparedStatements();
    const plan = planOf(db, statement(sql, /SELECT created_at_ms, spam_reason FROM contacts/));
    expect(plan.join(' | ')).toMatch(/SEARCH contacts USING INDEX contacts_spam_by_age/);
  });

  it('« Devis » reads the quotes newest first from an index, and all their lines in one query', () => {
    const { db, sql } = preparedStatements();
    const plan = planOf(db, statement(sql, /FROM quotes ORDER BY created_at_ms DESC/)).join(' | ');
    expect(plan).toMatch(/USING INDEX quotes_by_creation/);
    expect(plan).not.toMatch(/TEMP B-TREE/);
    const lines = planOf(db, statement(sql, /FROM quote_lines ORDER BY quote_id, position/));
    expect(lines.join(' | ')).not.toMatch(/TEMP B-TREE/);
  });

  it('the invoices past their due date, for the digest, are found by it', () => {
    const { db, sql } = preparedStatements();
    const plan = planOf(db, statement(sql, /kind != 'avoir' AND due_date < \?/));
    expect(plan.join(' | ')).toMatch(/SEARCH invoices USING INDEX invoices_by_due_date/);
  });
});
