-- Trigram indexes make the admin area's search inside emails and names fast (see 0014). PostgreSQL ships pg_trgm as a
-- trusted extension; the embedded database loads it when it opens (db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
