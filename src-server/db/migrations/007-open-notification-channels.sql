-- Notification channels are no longer fixed in the schema (they were: CHECK (channel IN
-- ('email', 'push')) here and in notification_health). Which channels exist is said once, by
-- the channel registry (src-server/notifications/channels.ts); adding one (the webhook) needs
-- no migration. A push row still names its subscription; any other channel's row names none.
-- Every row is copied with its id, state and schedule: nothing pending is lost.
CREATE TABLE notification_outbox_next (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  contact_id TEXT NOT NULL,
  channel TEXT NOT NULL CHECK (channel GLOB '[a-z]*' AND length(channel) <= 40),
  subscription TEXT,
  state TEXT NOT NULL DEFAULT 'pending'
    CHECK (state IN ('pending', 'sent', 'failed', 'cancelled')),
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at_ms INTEGER NOT NULL,
  created_at_ms INTEGER NOT NULL,
  updated_at_ms INTEGER NOT NULL,
  last_error TEXT,
  CHECK ((channel = 'push') = (subscription IS NOT NULL))
) STRICT;

INSERT INTO notification_outbox_next
  (id, contact_id, channel, subscription, state, attempts, next_attempt_at_ms, created_at_ms,
   updated_at_ms, last_error)
SELECT id, contact_id, channel, subscription, state, attempts, next_attempt_at_ms,
  created_at_ms, updated_at_ms, last_error
FROM notification_outbox;

DROP TABLE notification_outbox;
ALTER TABLE notification_outbox_next RENAME TO notification_outbox;

CREATE INDEX notification_outbox_due ON notification_outbox (next_attempt_at_ms)
  WHERE state = 'pending';

CREATE TABLE notification_health_next (
  channel TEXT PRIMARY KEY CHECK (channel GLOB '[a-z]*' AND length(channel) <= 40),
  last_success_at_ms INTEGER,
  last_failure_at_ms INTEGER,
  last_error TEXT
) STRICT, WITHOUT ROWID;

INSERT INTO notification_health_next SELECT channel, last_success_at_ms, last_failure_at_ms,
  last_error FROM notification_health;

DROP TABLE notification_health;
ALTER TABLE notification_health_next RENAME TO notification_health;
