-- « Enregistrer un paiement » retried after a timeout records nothing twice (docs/invoices.md,
-- « Les paiements »): each payment keeps the request id the screen gave it (NULL: recorded
-- before, or without one), and a payment's request id is given once per invoice. The rule
-- (shared/domain/invoices/rules.ts, decidePayment) answers a repeated id with the first
-- payment; this index is its last guard, and finds it.
ALTER TABLE invoice_payments ADD COLUMN request_id TEXT
  CHECK (request_id IS NULL OR length(request_id) BETWEEN 8 AND 64);
CREATE UNIQUE INDEX invoice_payments_by_request ON invoice_payments (invoice_id, request_id)
  WHERE request_id IS NOT NULL;
