-- Invoices (factures), deposits, final invoices, credit notes, and their payments
-- (docs/invoices.md, « Le stockage »).
--
-- The last number given in each series and year: FAC (invoices) and AV (credit notes), each
-- one unbroken count per year, kept here and never recounted.
CREATE TABLE invoice_counters (
  series TEXT NOT NULL CHECK (series IN ('FAC', 'AV')),
  year INTEGER NOT NULL CHECK (year BETWEEN 1000 AND 9999),
  last_sequence INTEGER NOT NULL CHECK (last_sequence >= 1),
  -- The last date of issue numbered: a later invoice never gets an earlier date.
  last_issue_date TEXT NOT NULL,
  PRIMARY KEY (series, year)
) STRICT;

-- One row per issued invoice: never changed after it is written (a mistake is corrected by a
-- credit note), and kept when its message or quote is deleted (an invoice is an accounting
-- record: no foreign key on contact_id or quote_id). What it prints is frozen in
-- document_json (issuedInvoiceJsonSchema); the columns are what the queries need.
CREATE TABLE invoices (
  id TEXT PRIMARY KEY,
  contact_id TEXT NOT NULL,
  quote_id TEXT,
  kind TEXT NOT NULL CHECK (kind IN ('acompte', 'solde', 'facture', 'avoir')),
  number TEXT NOT NULL UNIQUE,
  issue_date TEXT NOT NULL,
  due_date TEXT NOT NULL,
  -- A credit note: the invoice it corrects and the amount TTC it credits, in centimes.
  corrects_id TEXT REFERENCES invoices (id),
  credit_centimes INTEGER CHECK (credit_centimes > 0),
  document_json TEXT NOT NULL,
  issued_at_ms INTEGER NOT NULL,
  CHECK ((kind = 'avoir') = (corrects_id IS NOT NULL)),
  CHECK ((kind = 'avoir') = (credit_centimes IS NOT NULL))
) STRICT;

CREATE INDEX invoices_by_contact ON invoices (contact_id, issued_at_ms);
CREATE INDEX invoices_by_quote ON invoices (quote_id);
CREATE INDEX invoices_by_correction ON invoices (corrects_id);

-- A payment received for an invoice; amounts in centimes. The droit de timbre of a payment in
-- cash is kept apart: it settles nothing of the invoice.
CREATE TABLE invoice_payments (
  id TEXT PRIMARY KEY,
  invoice_id TEXT NOT NULL REFERENCES invoices (id),
  date TEXT NOT NULL,
  amount_centimes INTEGER NOT NULL CHECK (amount_centimes > 0),
  stamp_duty_centimes INTEGER NOT NULL CHECK (stamp_duty_centimes >= 0),
  method TEXT NOT NULL CHECK (method IN ('especes', 'ccp', 'virement', 'cheque', 'carte')),
  reference TEXT NOT NULL CHECK (length(reference) <= 100),
  recorded_at_ms INTEGER NOT NULL,
  CHECK (method = 'especes' OR stamp_duty_centimes = 0)
) STRICT;

CREATE INDEX invoice_payments_by_invoice ON invoice_payments (invoice_id, date);
