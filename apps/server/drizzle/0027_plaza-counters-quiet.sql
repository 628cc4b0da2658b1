-- A work's counters no longer empty the plaza's page cache: the cached pages hold no counters, and each
-- work's likes, comments and shares are remembered on their own (`article_counter:<id>`), so a like drops one
-- work's counters in every API process instead of every page (under a stream of likes the pages were never warm).
-- Reads stay silent (migration 0021): cards show the read count as of their work's last counter change.
-- An update that changes anything but counters still notifies `article:<id>`; inserts, deletions and truncation
-- notify once per statement (migration 0021).
DROP TRIGGER IF EXISTS article_row_changed ON article;
--> statement-breakpoint
CREATE TRIGGER article_row_changed AFTER UPDATE ON article
  FOR EACH ROW WHEN (
    (to_jsonb(OLD) - ARRAY['like_count', 'comment_count', 'share_count', 'read_count'])
      IS DISTINCT FROM (to_jsonb(NEW) - ARRAY['like_count', 'comment_count', 'share_count', 'read_count'])
  )
  EXECUTE FUNCTION app_table_changed();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_article_counter_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('app_table_changed', 'article_counter:' || NEW.id::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS article_counter_changed ON article;
--> statement-breakpoint
CREATE TRIGGER article_counter_changed AFTER UPDATE ON article
  FOR EACH ROW WHEN (
    (OLD.like_count, OLD.comment_count, OLD.share_count)
      IS DISTINCT FROM (NEW.like_count, NEW.comment_count, NEW.share_count)
  )
  EXECUTE FUNCTION app_article_counter_changed();
--> statement-breakpoint
-- A like or unlike tells only whose likes changed (`article_like:<user_id>`): each viewer's remembered like
-- state is dropped for that viewer alone. Truncation still notifies the whole table.
CREATE OR REPLACE FUNCTION app_article_like_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('app_table_changed', 'article_like:' || OLD.user_id::text);
  ELSE
    PERFORM pg_notify('app_table_changed', 'article_like:' || NEW.user_id::text);
    IF TG_OP = 'UPDATE' AND OLD.user_id <> NEW.user_id THEN
      PERFORM pg_notify('app_table_changed', 'article_like:' || OLD.user_id::text);
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS article_like_table_changed ON article_like;
--> statement-breakpoint
CREATE TRIGGER article_like_table_changed AFTER TRUNCATE ON article_like
  FOR EACH STATEMENT EXECUTE FUNCTION app_table_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS article_like_row_changed ON article_like;
--> statement-breakpoint
CREATE TRIGGER article_like_row_changed AFTER INSERT OR UPDATE OR DELETE ON article_like
  FOR EACH ROW EXECUTE FUNCTION app_article_like_changed();
