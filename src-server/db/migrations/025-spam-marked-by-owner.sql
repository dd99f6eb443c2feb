-- « Marquer comme indésirable » (shared/domain/spam-marking.ts, docs/inbox.md): the owner
-- moves a message of the inbox to « Indésirables », reason 'owner', and the time they did
-- (`spam_marked_at_ms`): its 30 days count from then, not from its reception, so that a
-- message marked after weeks in the inbox is not purged within the hour. NULL for the
-- messages the filters kept (their 30 days count from their reception) and for the inbox's.
-- SQLite cannot change a column's CHECK: the column is rebuilt under the same name, its
-- values kept, as 014 did, with the two indexes on it (021's inbox one as it was); the
-- spam's, of the list and the purge, now sorts by the time the retention counts from.
DROP INDEX contacts_spam_by_age;
DROP INDEX contacts_inbox_by_age;
ALTER TABLE contacts RENAME COLUMN spam_reason TO spam_reason_014;
ALTER TABLE contacts ADD COLUMN spam_reason TEXT
  CHECK (spam_reason IN ('hidden-field', 'too-fast', 'owner'));
UPDATE contacts SET spam_reason = spam_reason_014 WHERE spam_reason_014 IS NOT NULL;
ALTER TABLE contacts DROP COLUMN spam_reason_014;
ALTER TABLE contacts ADD COLUMN spam_marked_at_ms INTEGER
  CHECK (spam_marked_at_ms IS NULL OR spam_reason = 'owner');
CREATE INDEX contacts_spam_by_age
  ON contacts (COALESCE(spam_marked_at_ms, created_at_ms)) WHERE spam_reason IS NOT NULL;
CREATE INDEX contacts_inbox_by_age ON contacts (created_at_ms) WHERE spam_reason IS NULL;
