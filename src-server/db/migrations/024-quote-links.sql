-- The client's link made stable, and what the owner did with it (issue 44, docs/quotes.md,
-- « Le lien du client »).
--
-- A quote's link token is no longer drawn at random and forgotten: it is the HMAC of the
-- quote's id and its link's generation under a server secret kept outside the database
-- (QUOTE_LINK_SECRET, or DATA_DIR/quote-link.key). The database keeps the generation and the
-- token's SHA-256, never the token: a leaked backup opens no quote. A quote sent before this
-- migration has no generation (NULL): its link keeps working, but cannot be shown again until
-- the owner makes a new one.
ALTER TABLE quotes ADD COLUMN link_generation INTEGER CHECK (link_generation >= 1);
-- When the client first opened the link (« Vu le … »); null: never.
ALTER TABLE quotes ADD COLUMN first_viewed_at_ms INTEGER;

-- The timeline learns a fourth kind of entry: what became of a quote's link (sent on WhatsApp,
-- copied, first seen by the client). SQLite cannot change a CHECK: the table is rebuilt.
CREATE TABLE lead_timeline_new (
  id TEXT PRIMARY KEY,
  contact_id TEXT NOT NULL REFERENCES leads (contact_id) ON DELETE CASCADE,
  type TEXT NOT NULL CHECK (type IN ('status', 'note', 'reply', 'quote')),
  at_ms INTEGER NOT NULL,
  status TEXT CHECK (status IN ('nouveau', 'contacte', 'devis-envoye', 'gagne', 'perdu')),
  lost_reason TEXT
    CHECK (lost_reason IN ('prix', 'delai', 'pas-de-reponse', 'projet-abandonne', 'autre')),
  text TEXT CHECK (length(text) BETWEEN 1 AND 5000),
  corrected_at_ms INTEGER,
  channel TEXT CHECK (channel IN ('email', 'whatsapp', 'appel')),
  quote_number TEXT CHECK (length(quote_number) BETWEEN 1 AND 40),
  quote_action TEXT CHECK (quote_action IN ('whatsapp', 'lien', 'vu')),
  CHECK (
    (type = 'status' AND status IS NOT NULL AND text IS NULL AND channel IS NULL
      AND quote_action IS NULL)
    OR (type = 'note' AND text IS NOT NULL AND status IS NULL AND channel IS NULL
      AND quote_action IS NULL)
    OR (type = 'reply' AND channel IS NOT NULL AND status IS NULL AND text IS NULL
      AND quote_action IS NULL)
    OR (type = 'quote' AND quote_number IS NOT NULL AND quote_action IS NOT NULL
      AND status IS NULL AND text IS NULL AND channel IS NULL)
  )
) STRICT;

INSERT INTO lead_timeline_new (id, contact_id, type, at_ms, status, lost_reason, text,
  corrected_at_ms, channel)
SELECT id, contact_id, type, at_ms, status, lost_reason, text, corrected_at_ms, channel
FROM lead_timeline;

DROP TABLE lead_timeline;
ALTER TABLE lead_timeline_new RENAME TO lead_timeline;
CREATE INDEX lead_timeline_by_lead ON lead_timeline (contact_id, at_ms);
CREATE INDEX lead_timeline_by_time ON lead_timeline (at_ms, id);
