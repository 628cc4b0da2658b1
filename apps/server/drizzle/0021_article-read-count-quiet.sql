-- A reading bumps article.read_count; no cached list depends on it (the plaza's cards show the count as of the
-- list's last real change), so it must not tell every API process to drop its plaza pages (migration 0014's
-- statement trigger did, on every work opened). Inserts, deletions and truncation still notify once per
-- statement; an update notifies per row (`article:<id>`) unless read_count is all it changed.
DROP TRIGGER IF EXISTS article_table_changed ON article;
--> statement-breakpoint
CREATE TRIGGER article_table_changed AFTER INSERT OR DELETE OR TRUNCATE ON article
  FOR EACH STATEMENT EXECUTE FUNCTION app_table_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS article_row_changed ON article;
--> statement-breakpoint
CREATE TRIGGER article_row_changed AFTER UPDATE ON article
  FOR EACH ROW WHEN ((to_jsonb(OLD) - 'read_count') IS DISTINCT FROM (to_jsonb(NEW) - 'read_count'))
  EXECUTE FUNCTION app_table_changed();
