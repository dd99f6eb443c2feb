-- Indexes for the scans the server makes on its own, so that none reads a whole table
-- (issue 48: at 1,000,000 messages each such scan held the event loop for seconds):
-- the follow-ups that have come (the reminders' scheduler, every 30 s);
CREATE INDEX leads_by_next_action ON leads (next_action_at_ms)
  WHERE next_action_at_ms IS NOT NULL;
-- the inbox's messages received in a period (the « Nouveau » reminders, the digest);
CREATE INDEX contacts_inbox_by_age ON contacts (created_at_ms) WHERE spam_reason IS NULL;
-- every lead's timeline newest first (GET /api/leads), without sorting it in a temporary B-tree;
CREATE INDEX lead_timeline_by_time ON lead_timeline (at_ms, id);
-- the sent quotes past their last valid day (expireOverdue, before each list of quotes).
CREATE INDEX quotes_sent_by_end ON quotes (valid_until) WHERE status = 'envoye';
