-- Trigram indexes make the logs' and messages' free-text filter (ILIKE '%q%') an index lookup
-- instead of a scan of every row (issue 14). PGlite loads the extension in db/database.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
