-- Contact messages. `seq` orders them and numbers the event stream; AUTOINCREMENT so a
-- number is never reused, even after a deletion. `id` is the public identifier.
CREATE TABLE contacts (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  full_name TEXT NOT NULL,
  service TEXT NOT NULL
    CHECK (service IN ('Développement', 'Design', 'Audiovisuel', 'Gestion des comptes')),
  email TEXT NOT NULL,
  phone TEXT NOT NULL,
  subject TEXT NOT NULL,
  message TEXT NOT NULL,
  created_at_ms INTEGER NOT NULL
) STRICT;

-- The admin account(s). Only a scrypt hash of the password is kept.
CREATE TABLE admins (
  id INTEGER PRIMARY KEY,
  email TEXT NOT NULL UNIQUE COLLATE NOCASE,
  password_hash TEXT NOT NULL,
  created_at_ms INTEGER NOT NULL,
  updated_at_ms INTEGER NOT NULL
) STRICT;

-- Sessions: only the SHA-256 of the cookie value is stored, so a copy of the database
-- does not let anyone sign in.
CREATE TABLE sessions (
  id_hash TEXT PRIMARY KEY,
  admin_id INTEGER NOT NULL REFERENCES admins (id) ON DELETE CASCADE,
  created_at_ms INTEGER NOT NULL,
  last_seen_at_ms INTEGER NOT NULL
) STRICT, WITHOUT ROWID;

CREATE INDEX sessions_admin_id ON sessions (admin_id);
