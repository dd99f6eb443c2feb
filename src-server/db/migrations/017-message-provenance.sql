-- Where each message comes from (shared/domain/provenance.ts, docs/inbox.md « La
-- provenance »): the path of the page it was sent from, the referring site's host and the
-- campaign's utm_source, utm_medium and utm_campaign. Each is NULL when not known: every
-- message stored before keeps its row as it was, with no provenance. The shared schema
-- (contactInputSchema) checks the values and their lengths where a message comes in; the
-- columns bound the lengths again.
ALTER TABLE contacts ADD COLUMN page_path TEXT CHECK (length(page_path) <= 200);
ALTER TABLE contacts ADD COLUMN referrer TEXT CHECK (length(referrer) <= 253);
ALTER TABLE contacts ADD COLUMN utm_source TEXT CHECK (length(utm_source) <= 100);
ALTER TABLE contacts ADD COLUMN utm_medium TEXT CHECK (length(utm_medium) <= 100);
ALTER TABLE contacts ADD COLUMN utm_campaign TEXT CHECK (length(utm_campaign) <= 100);
