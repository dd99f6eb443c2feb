-- Reminders and the daily digest (docs/inbox.md, « Les rappels et le résumé quotidien »)
-- go through the notification outbox, as new messages do: durable, retried, sent again after
-- a restart. A row says what it is about (`kind`): a new message (every row so far), a
-- reminder about a lead (`follow-up`: its « Relancer le » has come; `still-new`: still
-- « Nouveau » two working hours after it arrived), with the time it is due for, or the
-- digest, which is about no one message and keeps its content (decided at its hour) in
-- `payload`. The outbox is rebuilt for `contact_id` to be empty for the digest; every row is
-- copied with its id, state and schedule: nothing pending is lost.
CREATE TABLE notification_outbox_next (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  contact_id TEXT,
  kind TEXT NOT NULL DEFAULT 'new-message'
    CHECK (kind IN ('new-message', 'follow-up', 'still-new', 'digest')),
  due_at_ms INTEGER,
  payload TEXT,
  channel TEXT NOT NULL CHECK (channel GLOB '[a-z]*' AND length(channel) <= 40),
  subscription TEXT,
  state TEXT NOT NULL DEFAULT 'pending'
    CHECK (state IN ('pending', 'sent', 'failed', 'cancelled')),
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at_ms INTEGER NOT NULL,
  created_at_ms INTEGER NOT NULL,
  updated_at_ms INTEGER NOT NULL,
  last_error TEXT,
  CHECK ((kind = 'digest') = (contact_id IS NULL)),
  CHECK ((kind = 'digest') = (payload IS NOT NULL)),
  CHECK ((kind IN ('follow-up', 'still-new')) = (due_at_ms IS NOT NULL))
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

-- The reminders already queued, so that each goes once: a lead's follow-up once per
-- « Relancer le » (a new date is a new reminder), its « still Nouveau » once ever. Queued in
-- the same transaction as its notifications. Deleting the message deletes them.
CREATE TABLE lead_reminders (
  contact_id TEXT NOT NULL REFERENCES contacts (id) ON DELETE CASCADE,
  reason TEXT NOT NULL CHECK (reason IN ('follow-up', 'still-new')),
  due_at_ms INTEGER NOT NULL,
  queued_at_ms INTEGER NOT NULL,
  PRIMARY KEY (contact_id, reason, due_at_ms)
) STRICT, WITHOUT ROWID;

-- One row: when reminders started (the cut-off: a message received before it is never
-- reminded as « still Nouveau » nor listed as unanswered, docs/inbox.md), written at the
-- first start with this table; and the last day (Algiers, YYYY-MM-DD) whose digest was
-- decided, sent or, with nothing in it, not.
CREATE TABLE reminder_state (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  since_ms INTEGER NOT NULL,
  digest_day TEXT
) STRICT;
