import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import {
  DATABASE_FILE,
  inTransaction,
  loadMigrations,
  migrate,
  openDatabase,
} from '../../src-server/db/database.ts';
import { tempDir } from './helpers.ts';

describe('the database', () => {
  it('is one SQLite file under DATA_DIR, in WAL mode with synchronous=FULL and foreign keys', async () => {
    const dataDir = path.join(await tempDir('db'), 'nested', 'data');
    const db = openDatabase(dataDir);
    try {
      expect(db.location()).toBe(path.join(dataDir, DATABASE_FILE));
      expect(db.prepare('PRAGMA journal_mode').get()).toEqual({ journal_mode: 'wal' });
      expect(db.prepare('PRAGMA synchronous').get()).toEqual({ synchronous: 2 });
      expect(db.prepare('PRAGMA foreign_keys').get()).toEqual({ foreign_keys: 1 });
      expect(Number(db.prepare('PRAGMA busy_timeout').get()?.timeout)).toBeGreaterThan(0);
    } finally {
      db.close();
    }
  });

  it('nests a transaction as a savepoint: all of it commits with the outer one, or none of it', async () => {
    const db = openDatabase(await tempDir('db'));
    try {
      db.exec('CREATE TABLE t (v TEXT) STRICT');
      const rows = () =>
        db
          .prepare('SELECT v FROM t ORDER BY v')
          .all()
          .map((row) => row.v);
      // The outer work fails after the inner one succeeded: neither is kept.
      expect(() =>
        inTransaction(db, () => {
          db.prepare("INSERT INTO t VALUES ('devis')").run();
          inTransaction(db, () => db.prepare("INSERT INTO t VALUES ('suivi')").run());
          throw new Error('échec après coup');
        }),
      ).toThrow('échec après coup');
      expect(rows()).toEqual([]);
      // The inner work fails and the outer one goes on: only the outer's is kept.
      inTransaction(db, () => {
        db.prepare("INSERT INTO t VALUES ('devis')").run();
        expect(() =>
          inTransaction(db, () => {
            db.prepare("INSERT INTO t VALUES ('suivi')").run();
            throw new Error('refusé');
          }),
        ).toThrow('refusé');
      });
      expect(rows()).toEqual(['devis']);
      expect(db.isTransaction).toBe(false);
    } finally {
      db.close();
    }
  });

  it('applies the numbered migrations once, and records the version in user_version', async () => {
    const dataDir = await tempDir('db');
    const migrations = loadMigrations();
    expect(migrations.map((m) => m.version)).toEqual(migrations.map((_m, index) => index + 1));
    openDatabase(dataDir).close();
    const db = openDatabase(dataDir); // a second start changes nothing
    try {
      expect(db.prepare('PRAGMA user_version').get()).toEqual({ user_version: migrations.length });
      const tables = db
        .prepare(
          "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
        )
        .all()
        .map((row) => row.name);
      expect(tables).toEqual([
        'admins',
        'contact_events',
        'contacts',
        'health_checks',
        'invoice_counters',
        'invoice_links',
        'invoice_payments',
        'invoices',
        'lead_changes',
        'lead_reminders',
        'lead_timeline',
        'leads',
        'notification_health',
        'notification_outbox',
        'one_time_links',
        'push_subscriptions',
        'quote_counters',
        'quote_lines',
        'quotes',
        'reminder_state',
        'sessions',
        'settings_versions',
        'trusted_devices',
        'whatsapp_taps',
      ]);
    } finally {
      db.close();
    }
  });

  it('moves the phones stored before E.164 to E.164, Algerian and foreign', async () => {
    const dataDir = await tempDir('db');
    const db = new DatabaseSync(path.join(dataDir, DATABASE_FILE));
    migrate(db, loadMigrations().slice(0, 3));
    const insert = db.prepare(
      `INSERT INTO contacts (id, full_name, service, email, phone, subject, message, created_at_ms)
       VALUES (?, 'Entreprise', 'Design', 'a@exemple.dz', ?, 'Sujet', 'Un message assez long.', 0)`,
    );
    insert.run('mobile', '550123456');
    insert.run('fixe', '21123456');
    insert.run('etranger', '33612345678');
    insert.run('deja', '+213661234567');
    db.close();

    const migrated = openDatabase(dataDir);
    const phones = Object.fromEntries(
      migrated
        .prepare('SELECT id, phone FROM contacts')
        .all()
        .map((row) => [row.id, row.phone]),
    );
    migrated.close();
    expect(phones).toEqual({
      mobile: '+213550123456',
      fixe: '+21321123456',
      etranger: '+33612345678',
      deja: '+213661234567',
    });
  });

  it('keeps every message and its number when the language column stops listing languages', async () => {
    const dataDir = await tempDir('db');
    const db = new DatabaseSync(path.join(dataDir, DATABASE_FILE));
    const migrations = loadMigrations();
    const rebuild = migrations.findIndex(({ name }) =>
      name.endsWith('message-language-any-locale.sql'),
    );
    migrate(db, migrations.slice(0, rebuild));
    const insert = db.prepare(
      `INSERT INTO contacts (id, full_name, service, email, phone, subject, message, created_at_ms,
         read, language, spam_reason)
       VALUES (?, 'Entreprise', 'Design', 'a@exemple.dz', '+213550123456', 'Sujet',
         'Un message assez long.', ?, ?, ?, ?)`,
    );
    insert.run('lu', 1, 1, 'fr', null);
    insert.run('arabe', 2, 0, 'ar', null);
    insert.run('indesirable', 3, 0, 'fr', 'hidden-field');
    insert.run('supprime', 4, 0, 'fr', null);
    db.exec("DELETE FROM contacts WHERE id = 'supprime'");
    // 008's CHECK listed the two languages.
    expect(() => insert.run('autre', 5, 0, 'xx', null)).toThrow(/CHECK/);
    const before = db.prepare('SELECT * FROM contacts ORDER BY seq').all();
    db.close();

    const migrated = openDatabase(dataDir);
    try {
      // Every column it had, as it was (later migrations add columns of their own).
      const columns = Object.keys(before[0] ?? {});
      expect(
        migrated.prepare(`SELECT ${columns.join(', ')} FROM contacts ORDER BY seq`).all(),
      ).toEqual(before);
      // A language the locale table adds is stored; what is not a language code is not.
      const next = migrated.prepare(
        `INSERT INTO contacts (id, full_name, service, email, phone, subject, message,
           created_at_ms, language)
         VALUES (?, 'Entreprise', 'Design', 'a@exemple.dz', '+213550123456', 'Sujet',
           'Un message assez long.', 6, ?) RETURNING seq`,
      );
      // The deleted message's number (4) is not given again.
      expect(next.get('nouvelle-langue', 'xx')).toEqual({ seq: 5 });
      expect(() => next.run('pas-une-langue', "FR'); --")).toThrow(/CHECK/);
      expect(
        migrated
          .prepare(
            "SELECT name FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'contacts' AND sql IS NOT NULL",
          )
          .all()
          .map((row) => row.name),
        // The spam's index, rebuilt with the table, and the inbox's by arrival (021).
      ).toEqual(['contacts_spam_by_age', 'contacts_inbox_by_age']);
    } finally {
      migrated.close();
    }
  });

  it('keeps every message when it starts recording where messages come from (none known)', async () => {
    const dataDir = await tempDir('db');
    const db = new DatabaseSync(path.join(dataDir, DATABASE_FILE));
    const migrations = loadMigrations();
    migrate(
      db,
      migrations.slice(
        0,
        migrations.findIndex(({ name }) => name.endsWith('message-provenance.sql')),
      ),
    );
    db.exec(
      `INSERT INTO contacts (id, full_name, service, email, phone, subject, message, created_at_ms, read)
       VALUES ('ancien', 'Entreprise', 'Design', 'a@exemple.dz', '+213550123456', 'Sujet',
         'Un message assez long.', 1, 1)`,
    );
    const before = db.prepare('SELECT * FROM contacts').all();
    db.close();

    const migrated = openDatabase(dataDir);
    try {
      const after = migrated.prepare('SELECT * FROM contacts').all();
      expect(after).toEqual(
        before.map((row) => ({
          ...row,
          page_path: null,
          referrer: null,
          utm_source: null,
          utm_medium: null,
          utm_campaign: null,
          // Added by 019: every message stored before came from the site.
          source: 'formulaire',
          // Added by 025: none was marked as spam by the owner.
          spam_marked_at_ms: null,
        })),
      );
      // The columns bound the lengths again, past the schema.
      expect(() =>
        migrated.exec(`UPDATE contacts SET utm_campaign = '${'c'.repeat(101)}'`),
      ).toThrow(/CHECK/);
    } finally {
      migrated.close();
    }
  });

  it('keeps every message, and everything that refers to one, when leads typed in may lack an e-mail, a phone or a service (019)', async () => {
    const dataDir = await tempDir('db');
    const db = new DatabaseSync(path.join(dataDir, DATABASE_FILE));
    const migrations = loadMigrations();
    const manual = migrations.findIndex(({ name }) => name.endsWith('manual-leads.sql'));
    expect(manual).toBeGreaterThan(0);
    migrate(db, migrations.slice(0, manual));
    // A database as the previous migrations left it, filled: a message from a campaign with
    // its lead, a note, a quote and its line, a reminder and notifications in the outbox; one
    // kept as spam; a deleted message whose number must not come back.
    db.exec(`
      INSERT INTO contacts (id, full_name, service, email, phone, subject, message, created_at_ms,
        read, language, page_path, referrer, utm_source, utm_medium, utm_campaign)
      VALUES ('m1', 'Boulangerie El Bahia', 'Design', 'a@exemple.dz', '+213550123456', 'Sujet',
        'Un message assez long.', 1, 1, 'ar', '/ar/pageContact', 'www.google.com', 'facebook',
        'cpc', 'printemps');
      INSERT INTO contacts (id, full_name, service, email, phone, subject, message, created_at_ms,
        spam_reason)
      VALUES ('s1', 'Robot', 'Design', 'r@exemple.dz', '+213550123456', 'Sujet',
        'Un message assez long.', 2, 'too-fast');
      INSERT INTO contacts (id, full_name, service, email, phone, subject, message, created_at_ms)
      VALUES ('gone', 'Client Exemple', 'Design', 'c@exemple.dz', '+213550123456', 'Sujet',
        'Un message assez long.', 3);
      DELETE FROM contacts WHERE id = 'gone';
      INSERT INTO leads (contact_id, status, status_changed_at_ms, next_action_at_ms,
        estimated_value_dzd) VALUES ('m1', 'contacte', 2, 5, 150000);
      INSERT INTO lead_timeline (id, contact_id, type, at_ms, text)
        VALUES ('n1', 'm1', 'note', 3, 'Rappeler jeudi.');
      INSERT INTO lead_changes (contact_id, created_at_ms) VALUES ('m1', 3);
      INSERT INTO quotes (id, contact_id, version, status, language, client_json, paid_in_cash,
        validity_days, created_at_ms, updated_at_ms)
        VALUES ('q1', 'm1', 1, 'brouillon', 'fr', '{}', 0, 30, 4, 4);
      INSERT INTO quote_lines (quote_id, position, designation, unit, quantity_milli,
        unit_price_centimes, discount_basis_points, vat_rate)
        VALUES ('q1', 0, 'Site vitrine', 'forfait', 1000, 15000000, 0, 19);
      INSERT INTO lead_reminders (contact_id, reason, due_at_ms, queued_at_ms)
        VALUES ('m1', 'follow-up', 5, 5);
      INSERT INTO notification_outbox (contact_id, kind, due_at_ms, channel, next_attempt_at_ms,
        created_at_ms, updated_at_ms) VALUES ('m1', 'follow-up', 5, 'email', 5, 5, 5);
      INSERT INTO notification_outbox (contact_id, channel, next_attempt_at_ms, created_at_ms,
        updated_at_ms) VALUES ('m1', 'email', 1, 1, 1);
    `);
    const tables = [
      'contacts',
      'leads',
      'lead_timeline',
      'lead_changes',
      'quotes',
      'quote_lines',
      'lead_reminders',
      'notification_outbox',
      'contact_events',
    ];
    const dump = (database: DatabaseSync) =>
      Object.fromEntries(
        tables.map((table) => [table, database.prepare(`SELECT * FROM ${table}`).all()]),
      );
    const before = dump(db);
    db.close();

    const migrated = openDatabase(dataDir);
    try {
      const after = dump(migrated);
      // Every row of every table as it was; each message is one from the site.
      expect(after).toEqual({
        ...before,
        // Migration 025: when the owner marked a message as spam (none yet).
        contacts: before.contacts?.map((row) => ({
          ...row,
          source: 'formulaire',
          spam_marked_at_ms: null,
        })),
        // Migration 024: a link's generation and first view; a timeline entry about a quote.
        quotes: before.quotes?.map((row) => ({
          ...row,
          link_generation: null,
          first_viewed_at_ms: null,
        })),
        lead_timeline: before.lead_timeline?.map((row) => ({
          ...row,
          quote_number: null,
          quote_action: null,
        })),
      });
      expect(migrated.prepare('PRAGMA foreign_key_check').all()).toEqual([]);
      // Deleting the message still takes its lead, note, quote and reminder with it.
      const insert = migrated.prepare(
        `INSERT INTO contacts (id, full_name, service, email, phone, subject, message,
           created_at_ms, source) VALUES (?, 'Client Exemple', ?, ?, ?, '', '', 9, ?)
         RETURNING seq`,
      );
      // A lead typed in needs a phone or an e-mail, nothing else; one from the site, all three.
      expect(insert.get('t1', null, null, '+213550123456', 'telephone')?.seq).toBe(4);
      expect(insert.get('t2', null, 'c@exemple.dz', null, 'visite')?.seq).toBe(5);
      expect(() => insert.get('t3', null, null, null, 'autre')).toThrow(/CHECK/);
      expect(() => insert.get('t4', null, 'c@exemple.dz', '+213550123456', 'formulaire')).toThrow(
        /CHECK/,
      );
      expect(() => insert.get('t5', 'Design', 'c@exemple.dz', null, 'courrier')).toThrow(/CHECK/);
      migrated.prepare("DELETE FROM contacts WHERE id = 'm1'").run();
      for (const table of ['leads', 'lead_timeline', 'quotes', 'quote_lines', 'lead_reminders']) {
        expect(migrated.prepare(`SELECT * FROM ${table}`).all()).toEqual([]);
      }
    } finally {
      migrated.close();
    }
  });

  describe('a later migration that rebuilds the messages table (how SQLite changes a CHECK)', () => {
    /** A database at the latest version holding one message with a lead and a note. */
    async function withALead() {
      const dataDir = await tempDir('db');
      const db = openDatabase(dataDir);
      db.exec(
        `INSERT INTO contacts (id, full_name, service, email, phone, subject, message, created_at_ms)
         VALUES ('m1', 'Entreprise', 'Design', 'a@exemple.dz', '+213550123456', 'Sujet',
           'Un message assez long.', 1)`,
      );
      db.exec(
        "INSERT INTO leads (contact_id, status, status_changed_at_ms) VALUES ('m1', 'contacte', 2)",
      );
      db.exec(
        `INSERT INTO lead_timeline (id, contact_id, type, at_ms, text)
         VALUES ('n1', 'm1', 'note', 3, 'Rappeler jeudi.')`,
      );
      const createContacts = String(
        db.prepare("SELECT sql FROM sqlite_schema WHERE name = 'contacts'").get()?.sql,
      );
      db.close();
      const migrations = loadMigrations();
      const next = (sql: string) => [
        ...migrations,
        { version: migrations.length + 1, name: 'test-rebuild.sql', sql },
      ];
      return { dataDir, createContacts, next };
    }

    it('keeps every lead and note (dropping contacts no longer cascades to them)', async () => {
      const { dataDir, createContacts, next } = await withALead();
      const db = new DatabaseSync(path.join(dataDir, DATABASE_FILE));
      db.exec('PRAGMA foreign_keys = ON'); // as the server opens it
      migrate(
        db,
        next(`${createContacts.replace(/^CREATE TABLE "?contacts"?/, 'CREATE TABLE contacts_rebuilt')};
          INSERT INTO contacts_rebuilt SELECT * FROM contacts;
          DROP TABLE contacts;
          ALTER TABLE contacts_rebuilt RENAME TO contacts;`),
      );
      try {
        expect(db.prepare('SELECT contact_id, status FROM leads').all()).toEqual([
          { contact_id: 'm1', status: 'contacte' },
        ]);
        expect(db.prepare('SELECT id, text FROM lead_timeline').all()).toEqual([
          { id: 'n1', text: 'Rappeler jeudi.' },
        ]);
        // Foreign keys are back on once the migrations are done.
        expect(db.prepare('PRAGMA foreign_keys').get()).toEqual({ foreign_keys: 1 });
      } finally {
        db.close();
      }
    });

    it('rolls back one that would leave a lead pointing at a message that is gone', async () => {
      const { dataDir, next } = await withALead();
      const db = new DatabaseSync(path.join(dataDir, DATABASE_FILE));
      db.exec('PRAGMA foreign_keys = ON');
      try {
        expect(() => migrate(db, next("DELETE FROM contacts WHERE id = 'm1';"))).toThrow(
          /renverraient à une ligne disparue/,
        );
        expect(db.prepare('SELECT id FROM contacts').all()).toEqual([{ id: 'm1' }]);
        expect(db.prepare('PRAGMA foreign_keys').get()).toEqual({ foreign_keys: 1 });
      } finally {
        db.close();
      }
    });
  });

  it('keeps the spam of a database made before « envoi trop rapide », and takes that reason after', async () => {
    const dataDir = await tempDir('db');
    const db = new DatabaseSync(path.join(dataDir, DATABASE_FILE));
    const migrations = loadMigrations();
    const tooFast = migrations.findIndex(({ name }) => name.endsWith('spam-too-fast.sql'));
    migrate(db, migrations.slice(0, tooFast));
    const insert = db.prepare(
      `INSERT INTO contacts (id, full_name, service, email, phone, subject, message, created_at_ms, spam_reason)
       VALUES (?, 'Entreprise', 'Design', 'a@exemple.dz', '+213550123456', 'Sujet', 'Un message assez long.', 0, ?)`,
    );
    insert.run('gardé', 'hidden-field');
    insert.run('boîte', null);
    expect(() => insert.run('rapide', 'too-fast')).toThrow(/CHECK/);
    db.close();

    const migrated = openDatabase(dataDir);
    try {
      migrated
        .prepare(
          `INSERT INTO contacts (id, full_name, service, email, phone, subject, message, created_at_ms, spam_reason)
           VALUES ('rapide', 'Entreprise', 'Design', 'a@exemple.dz', '+213550123456', 'Sujet', 'Un message assez long.', 0, 'too-fast')`,
        )
        .run();
      expect(migrated.prepare('SELECT id, spam_reason FROM contacts ORDER BY id').all()).toEqual([
        { id: 'boîte', spam_reason: null },
        { id: 'gardé', spam_reason: 'hidden-field' },
        { id: 'rapide', spam_reason: 'too-fast' },
      ]);
      expect(() =>
        migrated.prepare("UPDATE contacts SET spam_reason = 'suspect' WHERE id = 'boîte'").run(),
      ).toThrow(/CHECK/);
      expect(
        migrated
          .prepare("SELECT name FROM sqlite_schema WHERE name = 'contacts_spam_by_age'")
          .get(),
      ).toEqual({ name: 'contacts_spam_by_age' });
    } finally {
      migrated.close();
    }
  });

  it('rolls a failing migration back entirely', () => {
    const db = new DatabaseSync(':memory:');
    expect(() =>
      migrate(db, [
        { version: 1, name: '001-ok.sql', sql: 'CREATE TABLE a (x INTEGER);' },
        { version: 2, name: '002-bad.sql', sql: 'CREATE TABLE b (y INTEGER); SELECT * FROM nope;' },
      ]),
    ).toThrow();
    expect(db.prepare('PRAGMA user_version').get()).toEqual({ user_version: 1 });
    expect(db.prepare("SELECT name FROM sqlite_schema WHERE name = 'b'").get()).toBeUndefined();
    db.close();
  });

  it('refuses a database made by a newer server', async () => {
    const dataDir = await tempDir('db');
    const db = openDatabase(dataDir);
    db.exec('PRAGMA user_version = 99');
    db.close();
    expect(() => openDatabase(dataDir)).toThrow(/plus récente/);
  });
});
