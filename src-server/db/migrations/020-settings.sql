-- « Réglages » (issue 49; docs/inbox.md, « Réglages »): the agency's details and the owner's
-- habits, set in the dashboard. Each save is one row, never changed: the settings in force are
-- the latest row, the others their history, each with its date and who saved it. No row: the
-- defaults of the configuration (DIGEST_TIME, NOTIFY_EMAIL) and of the content module apply.
-- `settings_json` is the whole settings as shared/domain/settings/settings.ts checks them.
CREATE TABLE settings_versions (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  settings_json TEXT NOT NULL CHECK (json_valid(settings_json)),
  saved_at_ms INTEGER NOT NULL,
  saved_by TEXT NOT NULL
) STRICT;
