-- Quotes (devis), made from the inbox's leads (docs/quotes.md, « Le stockage »).
--
-- The last number given in each year: the series is one unbroken count per year, kept here
-- and never recounted from the quotes that remain, so a number is never given twice, even
-- after its quote is deleted with its message.
CREATE TABLE quote_counters (
  year INTEGER PRIMARY KEY CHECK (year BETWEEN 1000 AND 9999),
  last_sequence INTEGER NOT NULL CHECK (last_sequence >= 1),
  -- The last date of issue numbered: a later quote never gets an earlier date.
  last_issue_date TEXT NOT NULL
) STRICT;

-- One row per version. A first version has no number while a draft; a later version has its
-- number (with its suffix) from the start. Deleting a message deletes its quotes (nothing
-- personal stays behind); the counters stay.
CREATE TABLE quotes (
  id TEXT PRIMARY KEY,
  contact_id TEXT NOT NULL REFERENCES contacts (id) ON DELETE CASCADE,
  number TEXT UNIQUE,
  version INTEGER NOT NULL CHECK (version >= 1),
  replaces_id TEXT REFERENCES quotes (id) ON DELETE SET NULL,
  status TEXT NOT NULL
    CHECK (status IN ('brouillon', 'envoye', 'accepte', 'refuse', 'expire', 'remplace')),
  language TEXT NOT NULL CHECK (language IN ('fr', 'ar')),
  -- The client, as quoteClientSchema made it (JSON).
  client_json TEXT NOT NULL,
  paid_in_cash INTEGER NOT NULL CHECK (paid_in_cash IN (0, 1)),
  validity_days INTEGER NOT NULL CHECK (validity_days BETWEEN 1 AND 365),
  -- Set when sent; a draft's is the day it would go out.
  issue_date TEXT,
  valid_until TEXT,
  -- The seller's details, tax regime and droit de timbre scale, frozen when sent (JSON).
  snapshot_json TEXT,
  -- SHA-256 of the client's link token (hex); the token itself is never stored.
  token_hash TEXT UNIQUE,
  sent_to TEXT,
  created_at_ms INTEGER NOT NULL,
  updated_at_ms INTEGER NOT NULL,
  sent_at_ms INTEGER,
  answer TEXT CHECK (answer IN ('accepte', 'refuse')),
  answer_comment TEXT CHECK (length(answer_comment) <= 2000),
  answered_at_ms INTEGER,
  CHECK ((status = 'brouillon') = (snapshot_json IS NULL)),
  CHECK ((status = 'brouillon') = (sent_at_ms IS NULL)),
  CHECK (status = 'brouillon' OR (number IS NOT NULL AND issue_date IS NOT NULL)),
  CHECK (version = 1 OR number IS NOT NULL),
  CHECK ((answer IS NOT NULL) = (status IN ('accepte', 'refuse'))),
  CHECK (token_hash IS NULL OR status <> 'brouillon')
) STRICT;

CREATE INDEX quotes_by_contact ON quotes (contact_id, created_at_ms);

-- A quote's lines, in order. Amounts in centimes, quantities in thousandths, discounts in
-- hundredths of a percent: integers (docs/quotes.md).
CREATE TABLE quote_lines (
  quote_id TEXT NOT NULL REFERENCES quotes (id) ON DELETE CASCADE,
  position INTEGER NOT NULL CHECK (position >= 0),
  designation TEXT NOT NULL CHECK (length(designation) BETWEEN 1 AND 500),
  unit TEXT NOT NULL CHECK (length(unit) BETWEEN 1 AND 30),
  quantity_milli INTEGER NOT NULL CHECK (quantity_milli > 0),
  unit_price_centimes INTEGER NOT NULL CHECK (unit_price_centimes >= 0),
  discount_basis_points INTEGER NOT NULL CHECK (discount_basis_points BETWEEN 0 AND 10000),
  vat_rate INTEGER NOT NULL CHECK (vat_rate IN (19, 9, 0)),
  PRIMARY KEY (quote_id, position)
) STRICT;
