-- The client's link of an invoice (issue 46, docs/invoices.md, « La page du client »).
--
-- As a quote's, the token is derived (HMAC of the invoice's id under the server's link secret,
-- QUOTE_LINK_SECRET or DATA_DIR/quote-link.key) and never stored: the table keeps its SHA-256,
-- by which the client's page finds the invoice. An issued invoice never changes (its row in
-- `invoices` is written once): its link lives here, made the first time the owner asks for it.
-- An invoice is an accounting record, kept when its message is deleted: so is its link.
CREATE TABLE invoice_links (
  invoice_id TEXT PRIMARY KEY REFERENCES invoices (id),
  token_hash TEXT NOT NULL UNIQUE CHECK (length(token_hash) = 64),
  created_at_ms INTEGER NOT NULL
);
