-- A work's counters (likes, comments, shares, reads) no longer empty the plaza's page cache: the cached pages
-- hold no counter and read the current ones per request, so an update that changes only counters need not tell
-- every API process to drop its pages (under a stream of likes they were never warm). Any other change of a
-- row still notifies `article:<id>`; inserts, deletions and truncation notify once per statement (migration 0021).
DROP TRIGGER IF EXISTS article_row_changed ON article;
--> statement-breakpoint
CREATE TRIGGER article_row_changed AFTER UPDATE ON article
  FOR EACH ROW WHEN (
    (to_jsonb(OLD) - ARRAY['like_count', 'comment_count', 'share_count', 'read_count'])
      IS DISTINCT FROM (to_jsonb(NEW) - ARRAY['like_count', 'comment_count', 'share_count', 'read_count'])
  )
  EXECUTE FUNCTION app_table_changed();
