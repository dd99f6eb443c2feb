-- The notification outbox: for each new message, what remains to tell the owner, written in
-- the same transaction as the message itself (a 201 means the e-mail and the pushes will be
-- sent). One row per message and channel: the e-mail ('email', `subscription` null), and one
-- push per browser subscribed at that moment ('push', its endpoint). Only the message's id is
-- kept: the notification is composed at delivery from the message, so a deleted message
-- leaves no personal data here.
-- `state`: 'pending' until delivered ('sent'), refused for good ('failed', after 3 days of
-- errors, or an error no retry can fix), or moot ('cancelled': the message was deleted, or the
-- subscription is gone).
CREATE TABLE notification_outbox (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  contact_id TEXT NOT NULL,
  channel TEXT NOT NULL CHECK (channel IN ('email', 'push')),
  subscription TEXT,
  state TEXT NOT NULL DEFAULT 'pending'
    CHECK (state IN ('pending', 'sent', 'failed', 'cancelled')),
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at_ms INTEGER NOT NULL,
  created_at_ms INTEGER NOT NULL,
  updated_at_ms INTEGER NOT NULL,
  last_error TEXT,
  CHECK ((channel = 'email') = (subscription IS NULL))
) STRICT;

-- The worker's question: what is due now?
CREATE INDEX notification_outbox_due ON notification_outbox (next_attempt_at_ms)
  WHERE state = 'pending';

-- Browsers the owner turned push notifications on in (Push API): the push service's
-- endpoint and the browser's keys for the payload's encryption (RFC 8291).
CREATE TABLE push_subscriptions (
  endpoint TEXT PRIMARY KEY,
  admin_id INTEGER NOT NULL REFERENCES admins (id) ON DELETE CASCADE,
  p256dh TEXT NOT NULL,
  auth TEXT NOT NULL,
  created_at_ms INTEGER NOT NULL
) STRICT, WITHOUT ROWID;

-- How delivery went lately, per channel, for the dashboard: the last success and the last
-- error (in French, ready to show).
CREATE TABLE notification_health (
  channel TEXT PRIMARY KEY CHECK (channel IN ('email', 'push')),
  last_success_at_ms INTEGER,
  last_failure_at_ms INTEGER,
  last_error TEXT
) STRICT, WITHOUT ROWID;
