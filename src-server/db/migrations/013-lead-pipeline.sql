-- The lead pipeline (docs/inbox.md, « Le suivi des contacts »), kept beside the messages and
-- never in their table. A message without a row in `leads` is « Nouveau » since it was
-- received: every message stored before this migration is kept, as « Nouveau ». (The inbox
-- never recorded a reply sent, only `read`: no message can be known to be « Contacté ».)
-- Deleting a message deletes its pipeline (ON DELETE CASCADE; foreign keys are on).
CREATE TABLE leads (
  contact_id TEXT PRIMARY KEY REFERENCES contacts (id) ON DELETE CASCADE,
  status TEXT NOT NULL
    CHECK (status IN ('nouveau', 'contacte', 'devis-envoye', 'gagne', 'perdu')),
  lost_reason TEXT
    CHECK (lost_reason IN ('prix', 'delai', 'pas-de-reponse', 'projet-abandonne', 'autre')),
  -- NULL while « Nouveau » since it was received.
  status_changed_at_ms INTEGER,
  next_action_at_ms INTEGER,
  -- Whole dinars.
  estimated_value_dzd INTEGER CHECK (estimated_value_dzd BETWEEN 0 AND 10000000000),
  -- A reason goes with « Perdu », and only with it.
  CHECK ((status = 'perdu') = (lost_reason IS NOT NULL))
) STRICT;

-- A lead's timeline: status changes, notes (correctable for 10 minutes, never deleted on
-- their own) and replies sent from the reply shortcuts.
CREATE TABLE lead_timeline (
  id TEXT PRIMARY KEY,
  contact_id TEXT NOT NULL REFERENCES leads (contact_id) ON DELETE CASCADE,
  type TEXT NOT NULL CHECK (type IN ('status', 'note', 'reply')),
  at_ms INTEGER NOT NULL,
  status TEXT CHECK (status IN ('nouveau', 'contacte', 'devis-envoye', 'gagne', 'perdu')),
  lost_reason TEXT
    CHECK (lost_reason IN ('prix', 'delai', 'pas-de-reponse', 'projet-abandonne', 'autre')),
  text TEXT CHECK (length(text) BETWEEN 1 AND 5000),
  corrected_at_ms INTEGER,
  channel TEXT CHECK (channel IN ('email', 'whatsapp', 'appel')),
  CHECK (
    (type = 'status' AND status IS NOT NULL AND text IS NULL AND channel IS NULL)
    OR (type = 'note' AND text IS NOT NULL AND status IS NULL AND channel IS NULL)
    OR (type = 'reply' AND channel IS NOT NULL AND status IS NULL AND text IS NULL)
  )
) STRICT;

CREATE INDEX lead_timeline_by_lead ON lead_timeline (contact_id, at_ms);

-- The pipeline's change log, which numbers its event stream (GET /api/leads/events): one row
-- per change of a lead, holding only its id, so that a deleted message leaves nothing
-- personal behind. A dashboard that reconnects replays the leads changed since its
-- Last-Event-ID, as they are now (or their removal).
CREATE TABLE lead_changes (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  contact_id TEXT NOT NULL,
  created_at_ms INTEGER NOT NULL
) STRICT;
