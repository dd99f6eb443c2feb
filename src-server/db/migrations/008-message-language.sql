-- Each message records the language of the page it was sent from: 'fr' (the French pages)
-- or 'ar' (the Arabic pages under /ar). Messages stored before were all sent from French
-- pages: they take the default, 'fr'.
ALTER TABLE contacts ADD COLUMN language TEXT NOT NULL DEFAULT 'fr'
  CHECK (language IN ('fr', 'ar'));
