-- Links that work once: the first-password link printed at start until the owner has chosen a
-- password (no expiry, replaced at each start), and the link e-mailed to sign a new device in
-- while the account is under attack (15 minutes). As for sessions, only the SHA-256 of the
-- token is kept.
CREATE TABLE one_time_links (
  token_hash TEXT PRIMARY KEY,
  purpose TEXT NOT NULL CHECK (purpose IN ('first-password', 'new-device')),
  admin_id INTEGER REFERENCES admins (id) ON DELETE CASCADE,
  created_at_ms INTEGER NOT NULL,
  expires_at_ms INTEGER
) STRICT, WITHOUT ROWID;
