-- A second reason to keep a message aside: 'too-fast', sent within seconds of its page's
-- start (MIN_FILL_TIME_MS in shared/domain/contact.ts). SQLite cannot change a column's CHECK:
-- the column is rebuilt under the same name, its values kept, and its index with it.
DROP INDEX contacts_spam_by_age;
ALTER TABLE contacts RENAME COLUMN spam_reason TO spam_reason_009;
ALTER TABLE contacts ADD COLUMN spam_reason TEXT
  CHECK (spam_reason IN ('hidden-field', 'too-fast'));
UPDATE contacts SET spam_reason = spam_reason_009 WHERE spam_reason_009 IS NOT NULL;
ALTER TABLE contacts DROP COLUMN spam_reason_009;
CREATE INDEX contacts_spam_by_age ON contacts (created_at_ms) WHERE spam_reason IS NOT NULL;
