-- The public pages' WhatsApp button (issue 44, docs/inbox.md « Les contacts par WhatsApp »):
-- each tap counted by the first-party redirect /go/whatsapp, with the page, its language, the
-- plan of a price card, and the visit's arrival as a form message records it (017). Nothing
-- about the visitor: no address, no cookie, no identifier. « Sources » counts them.
CREATE TABLE whatsapp_taps (
  id INTEGER PRIMARY KEY,
  tapped_at_ms INTEGER NOT NULL,
  page_path TEXT CHECK (length(page_path) <= 200),
  language TEXT NOT NULL CHECK (length(language) BETWEEN 2 AND 10),
  plan TEXT CHECK (length(plan) <= 60),
  referrer TEXT CHECK (length(referrer) <= 253),
  utm_source TEXT CHECK (length(utm_source) <= 100),
  utm_medium TEXT CHECK (length(utm_medium) <= 100),
  utm_campaign TEXT CHECK (length(utm_campaign) <= 100)
) STRICT;

CREATE INDEX whatsapp_taps_by_time ON whatsapp_taps (tapped_at_ms);
