-- « Factures en retard » (docs/invoices.md): the daily digest looks for the invoices past their
-- due date (shared/domain/invoices/overdue.ts decides which are still unpaid); this index finds
-- them by it, without reading every invoice of the years (issue 48: the server's own scans are
-- on indexes). Credit notes are never late, and left out.
CREATE INDEX invoices_by_due_date ON invoices (due_date) WHERE kind != 'avoir';
