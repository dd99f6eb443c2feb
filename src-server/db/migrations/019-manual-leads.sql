-- « Nouveau contact » (docs/inbox.md): the owner types in a lead received by phone, WhatsApp or
-- at the office. It needs a name and a phone or an e-mail, nothing else: `service`, `email`
-- and `phone` may now be NULL (a message from the site still has them all, checked by the
-- shared schema where it comes in). `source` says where the lead came from: 'formulaire' for
-- every message from the site (each message already stored), or the owner's choice
-- (LEAD_SOURCES in shared/domain/leads/pipeline.ts).
--
-- SQLite drops a NOT NULL only by rebuilding the table, as 012 did: every row is copied with
-- its number, and the sequence keeps the highest number ever given. The migration runs with
-- foreign keys off (migrate, database.ts), so dropping the old table cascades to nothing:
-- `leads`, `quotes` and `lead_reminders` refer to `contacts (id)` by name and find every row
-- under the same id after the rename (PRAGMA foreign_key_check, run before the commit,
-- refuses a migration that would leave one dangling). The outbox and the change logs keep
-- the ids as text.
CREATE TABLE contacts_next (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  full_name TEXT NOT NULL,
  service TEXT
    CHECK (service IN ('Développement', 'Design', 'Audiovisuel', 'Gestion des comptes')),
  email TEXT,
  phone TEXT,
  subject TEXT NOT NULL,
  message TEXT NOT NULL,
  created_at_ms INTEGER NOT NULL,
  read INTEGER NOT NULL DEFAULT 0 CHECK (read IN (0, 1)),
  language TEXT NOT NULL DEFAULT 'fr'
    CHECK (language GLOB '[a-z][a-z]*' AND length(language) <= 8),
  spam_reason TEXT CHECK (spam_reason IN ('hidden-field', 'too-fast')),
  page_path TEXT CHECK (length(page_path) <= 200),
  referrer TEXT CHECK (length(referrer) <= 253),
  utm_source TEXT CHECK (length(utm_source) <= 100),
  utm_medium TEXT CHECK (length(utm_medium) <= 100),
  utm_campaign TEXT CHECK (length(utm_campaign) <= 100),
  source TEXT NOT NULL DEFAULT 'formulaire'
    CHECK (source IN ('formulaire', 'telephone', 'whatsapp', 'visite', 'autre')),
  -- A lead typed in has a phone or an e-mail; a message from the site has all three.
  CHECK (email IS NOT NULL OR phone IS NOT NULL),
  CHECK (source <> 'formulaire' OR (service IS NOT NULL AND email IS NOT NULL AND phone IS NOT NULL))
) STRICT;

INSERT INTO contacts_next
  (seq, id, full_name, service, email, phone, subject, message, created_at_ms, read, language,
   spam_reason, page_path, referrer, utm_source, utm_medium, utm_campaign)
SELECT seq, id, full_name, service, email, phone, subject, message, created_at_ms, read,
  language, spam_reason, page_path, referrer, utm_source, utm_medium, utm_campaign
FROM contacts;

DELETE FROM sqlite_sequence WHERE name = 'contacts_next';
INSERT INTO sqlite_sequence (name, seq)
SELECT 'contacts_next', seq FROM sqlite_sequence WHERE name = 'contacts';

DROP TABLE contacts;
ALTER TABLE contacts_next RENAME TO contacts;

CREATE INDEX contacts_spam_by_age ON contacts (created_at_ms) WHERE spam_reason IS NOT NULL;
