-- Unread messages per owner and type (im_message_unread), kept in the same transaction as every change of
-- im_message, whoever makes it (the app, a worker, an operator's SQL): the message centre and its badge read a
-- row per type instead of counting the messages (issue 26). Statement triggers with transition tables: marking
-- ten thousand messages read moves each counter once, not ten thousand times.
CREATE OR REPLACE FUNCTION im_message_unread_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO im_message_unread AS u (tenant_id, user_id, type, unread)
      SELECT tenant_id, user_id, type, count(*) FROM im_message_new WHERE NOT checked GROUP BY 1, 2, 3
      ORDER BY 1, 2, 3
      ON CONFLICT (tenant_id, user_id, type) DO UPDATE SET unread = u.unread + excluded.unread;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE im_message_unread AS u SET unread = u.unread - d.n
      FROM (SELECT tenant_id, user_id, type, count(*) AS n FROM im_message_old WHERE NOT checked GROUP BY 1, 2, 3) d
      WHERE u.tenant_id = d.tenant_id AND u.user_id = d.user_id AND u.type = d.type;
  ELSE
    INSERT INTO im_message_unread AS u (tenant_id, user_id, type, unread)
      SELECT tenant_id, user_id, type, sum(delta) FROM (
        SELECT tenant_id, user_id, type, -1 AS delta FROM im_message_old WHERE NOT checked
        UNION ALL
        SELECT tenant_id, user_id, type, 1 FROM im_message_new WHERE NOT checked
      ) changes GROUP BY 1, 2, 3 HAVING sum(delta) <> 0
      ORDER BY 1, 2, 3
      ON CONFLICT (tenant_id, user_id, type) DO UPDATE SET unread = u.unread + excluded.unread;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS im_message_unread_insert ON im_message;
--> statement-breakpoint
CREATE TRIGGER im_message_unread_insert AFTER INSERT ON im_message REFERENCING NEW TABLE AS im_message_new
  FOR EACH STATEMENT EXECUTE FUNCTION im_message_unread_count();
--> statement-breakpoint
DROP TRIGGER IF EXISTS im_message_unread_update ON im_message;
--> statement-breakpoint
CREATE TRIGGER im_message_unread_update AFTER UPDATE ON im_message
  REFERENCING OLD TABLE AS im_message_old NEW TABLE AS im_message_new
  FOR EACH STATEMENT EXECUTE FUNCTION im_message_unread_count();
--> statement-breakpoint
DROP TRIGGER IF EXISTS im_message_unread_delete ON im_message;
--> statement-breakpoint
CREATE TRIGGER im_message_unread_delete AFTER DELETE ON im_message REFERENCING OLD TABLE AS im_message_old
  FOR EACH STATEMENT EXECUTE FUNCTION im_message_unread_count();
--> statement-breakpoint
-- The counts of the messages already there. The triggers above exist in this transaction and lock im_message
-- against writes until it commits, so no change is counted twice or missed; the scan reads only unread rows
-- (im_message_unread_idx).
DELETE FROM im_message_unread;
--> statement-breakpoint
INSERT INTO im_message_unread (tenant_id, user_id, type, unread)
  SELECT tenant_id, user_id, type, count(*) FROM im_message WHERE checked = false GROUP BY 1, 2, 3;
