-- Trigram matching for the console's nickname search (a GIN index on app_user.nick_name, next migration).
-- PostgreSQL ships it in contrib (trusted: the database owner may create it); PGlite loads its pg_trgm
-- module when the database is opened (platform/db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
