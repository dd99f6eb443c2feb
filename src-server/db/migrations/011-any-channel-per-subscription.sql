-- A channel's fan-out (one notification per message, or one per subscribed browser) is said by
-- its module (shared/notifications/channels/), not by its name: the check that only the
-- channel named 'push' had a subscription goes (NotificationsRepository.enqueue writes the
-- subscription exactly for the channels whose fan-out is per subscription). Every row is
-- copied with its id, state and schedule: nothing pending is lost.
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
  last_error TEXT
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
