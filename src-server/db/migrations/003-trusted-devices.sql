-- Devices the owner has signed in from (OWASP's device cookies): the sign-in throttle lets
-- them through while attempts from elsewhere are slowed down. As for sessions, only the
-- SHA-256 of the cookie value is kept.
CREATE TABLE trusted_devices (
  id_hash TEXT PRIMARY KEY,
  admin_id INTEGER NOT NULL REFERENCES admins (id) ON DELETE CASCADE,
  created_at_ms INTEGER NOT NULL,
  last_used_at_ms INTEGER NOT NULL
) STRICT, WITHOUT ROWID;

CREATE INDEX trusted_devices_admin_id ON trusted_devices (admin_id);
