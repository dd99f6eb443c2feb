-- Spam is kept, not dropped: a message whose hidden field was filled is stored with the reason
-- (`spam_reason`, 'hidden-field'), out of the inbox (its list, its event stream, its
-- notifications), until the owner moves it to the inbox (« Pas un indésirable », the reason
-- set back to NULL, and only then its 'created' event and its notifications) or it is deleted
-- 30 days after it was received. Messages stored before are all the inbox's: NULL.
ALTER TABLE contacts ADD COLUMN spam_reason TEXT CHECK (spam_reason IN ('hidden-field'));

-- The spam list and its purge, by age; the inbox's rows are not in this index.
CREATE INDEX contacts_spam_by_age ON contacts (created_at_ms) WHERE spam_reason IS NOT NULL;
