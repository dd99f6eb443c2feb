-- A message's language is one of the locale table's (shared/domain/locales.ts), checked by the
-- shared schema where a message comes in (contactInputSchema, and firestore.rules for
-- Firebase). The column now checks only the shape of a language code, so that adding a
-- language no longer needs a migration; 008 listed 'fr' and 'ar'. SQLite changes a CHECK only
-- by rebuilding the table: every row is copied with its number, and the sequence keeps the
-- highest number ever given (a deleted message's number is never reused).
CREATE TABLE contacts_next (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  full_name TEXT NOT NULL,
  service TEXT NOT NULL
    CHECK (service IN ('Développement', 'Design', 'Audiovisuel', 'Gestion des comptes')),
  email TEXT NOT NULL,
  phone TEXT NOT NULL,
  subject TEXT NOT NULL,
  message TEXT NOT NULL,
  created_at_ms INTEGER NOT NULL,
  read INTEGER NOT NULL DEFAULT 0 CHECK (read IN (0, 1)),
  language TEXT NOT NULL DEFAULT 'fr'
    CHECK (language GLOB '[a-z][a-z]*' AND length(language) <= 8),
  spam_reason TEXT CHECK (spam_reason IN ('hidden-field'))
) STRICT;

INSERT INTO contacts_next
  (seq, id, full_name, service, email, phone, subject, message, created_at_ms, read, language,
   spam_reason)
SELECT seq, id, full_name, service, email, phone, subject, message, created_at_ms, read,
  language, spam_reason
FROM contacts;

DELETE FROM sqlite_sequence WHERE name = 'contacts_next';
INSERT INTO sqlite_sequence (name, seq)
SELECT 'contacts_next', seq FROM sqlite_sequence WHERE name = 'contacts';

DROP TABLE contacts;
ALTER TABLE contacts_next RENAME TO contacts;

CREATE INDEX contacts_spam_by_age ON contacts (created_at_ms) WHERE spam_reason IS NOT NULL;
