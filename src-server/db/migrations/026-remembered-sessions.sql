-- « Rester connecté sur cet appareil » (issue 45, docs/inbox.md, « Rester connecté ») : a
-- session opened with the box checked lasts 30 days from sign-in, whatever the idle time; the
-- others keep the idle and absolute timeouts (SESSION_IDLE_MINUTES, SESSION_ABSOLUTE_HOURS).
-- The sessions already open were not marked: they keep those timeouts.
ALTER TABLE sessions ADD COLUMN remembered INTEGER NOT NULL DEFAULT 0 CHECK (remembered IN (0, 1));
