-- One row that GET /healthz rewrites: a real committed write shows the database can still
-- store a message (disk full, read-only disk, a lock held elsewhere all fail it).
CREATE TABLE health_checks (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  checked_at_ms INTEGER NOT NULL
) STRICT;
