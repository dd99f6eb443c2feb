-- A client's answer to a quote (docs/quotes.md) is told to the owner through the outbox, on
-- every channel, as a new message is: a row of kind 'quote-answer', about the quote's message,
-- with what to say in `payload` (the number, the decision, the comment, the amount: the
-- quote's own rows may change later, the notice says what was answered). The outbox is
-- rebuilt for its CHECK constraints to take it; every row is copied with its id, state and
-- schedule: nothing pending is lost.
CREATE TABLE notification_outbox_next (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  contact_id TEXT,
  kind TEXT NOT NULL DEFAULT 'new-message'
    CHECK (kind IN ('new-message', 'follow-up', 'still-new', 'digest', 'quote-answer')),
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
  CHECK ((kind IN ('digest', 'quote-answer')) = (payload IS NOT NULL)),
  CHECK ((kind IN ('follow-up', 'still-new')) = (due_at_ms IS NOT NULL))
) STRICT;

INSERT INTO notification_outbox_next
  (id, contact_id, kind, due_at_ms, payload, channel, subscription, state, attempts,
   next_attempt_at_ms, created_at_ms, updated_at_ms, last_error)
SELECT id, contact_id, kind, due_at_ms, payload, channel, subscription, state, attempts,
  next_attempt_at_ms, created_at_ms, updated_at_ms, last_error
FROM notification_outbox;

DROP TABLE notification_outbox;
ALTER TABLE notification_outbox_next RENAME TO notification_outbox;

CREATE INDEX notification_outbox_due ON notification_outbox (next_attempt_at_ms)
  WHERE state = 'pending';
