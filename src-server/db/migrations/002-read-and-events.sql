-- Read flag: a new message is unread until the owner opens it.
ALTER TABLE contacts ADD COLUMN read INTEGER NOT NULL DEFAULT 0 CHECK (read IN (0, 1));

-- The inbox's change log, which numbers the event stream: a new message ('created', one
-- id), a read flag set ('updated', one id and `read`), messages removed ('deleted', their
-- ids). A dashboard that reconnects replays what follows its Last-Event-ID. Only ids are
-- kept here, so a deleted message leaves no personal data behind.
CREATE TABLE contact_events (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  type TEXT NOT NULL CHECK (type IN ('created', 'updated', 'deleted')),
  -- JSON array of message ids
  ids TEXT NOT NULL CHECK (json_valid(ids) AND json_type(ids) = 'array'),
  read INTEGER CHECK (read IN (0, 1)),
  created_at_ms INTEGER NOT NULL
) STRICT;

-- Until now a message's `seq` was its event id: keep those ids, so a stream opened before
-- this migration resumes where it was.
INSERT INTO contact_events (seq, type, ids, created_at_ms)
SELECT seq, 'created', json_array(id), created_at_ms FROM contacts ORDER BY seq;

