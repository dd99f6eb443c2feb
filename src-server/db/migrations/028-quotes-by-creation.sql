-- « Devis » lists the quotes newest first (GET /api/quotes): read in this index's order
-- instead of sorted in a temporary B-tree at each opening (issue 48).
CREATE INDEX quotes_by_creation ON quotes (created_at_ms);
