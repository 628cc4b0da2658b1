-- Tells every API process (LISTEN app_table_changed) that a table its in-memory caches read from has changed,
-- whoever changed it: an API process, a worker or an operator's plain SQL. The payload is the table's name;
-- for app_user it is `app_user:<id>` per changed row, so one user's cached rows are forgotten, not everyone's.
-- PostgreSQL folds equal notifications of one transaction into one; without listeners NOTIFY costs nothing.
CREATE OR REPLACE FUNCTION app_table_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'ROW' THEN
    PERFORM pg_notify('app_table_changed', TG_TABLE_NAME || ':' || OLD.id::text);
  ELSE
    PERFORM pg_notify('app_table_changed', TG_TABLE_NAME);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS sys_dict_data_table_changed ON sys_dict_data;
--> statement-breakpoint
CREATE TRIGGER sys_dict_data_table_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON sys_dict_data
  FOR EACH STATEMENT EXECUTE FUNCTION app_table_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS sys_dict_type_table_changed ON sys_dict_type;
--> statement-breakpoint
CREATE TRIGGER sys_dict_type_table_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON sys_dict_type
  FOR EACH STATEMENT EXECUTE FUNCTION app_table_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS tenant_table_changed ON tenant;
--> statement-breakpoint
CREATE TRIGGER tenant_table_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON tenant
  FOR EACH STATEMENT EXECUTE FUNCTION app_table_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS article_table_changed ON article;
--> statement-breakpoint
CREATE TRIGGER article_table_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON article
  FOR EACH STATEMENT EXECUTE FUNCTION app_table_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS article_like_table_changed ON article_like;
--> statement-breakpoint
CREATE TRIGGER article_like_table_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON article_like
  FOR EACH STATEMENT EXECUTE FUNCTION app_table_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS article_comment_table_changed ON article_comment;
--> statement-breakpoint
CREATE TRIGGER article_comment_table_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON article_comment
  FOR EACH STATEMENT EXECUTE FUNCTION app_table_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS user_block_table_changed ON user_block;
--> statement-breakpoint
CREATE TRIGGER user_block_table_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON user_block
  FOR EACH STATEMENT EXECUTE FUNCTION app_table_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS prompt_template_table_changed ON prompt_template;
--> statement-breakpoint
CREATE TRIGGER prompt_template_table_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON prompt_template
  FOR EACH STATEMENT EXECUTE FUNCTION app_table_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS prompt_template_category_table_changed ON prompt_template_category;
--> statement-breakpoint
CREATE TRIGGER prompt_template_category_table_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON prompt_template_category
  FOR EACH STATEMENT EXECUTE FUNCTION app_table_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS gold_package_table_changed ON gold_package;
--> statement-breakpoint
CREATE TRIGGER gold_package_table_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON gold_package
  FOR EACH STATEMENT EXECUTE FUNCTION app_table_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS draw_prize_table_changed ON draw_prize;
--> statement-breakpoint
CREATE TRIGGER draw_prize_table_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON draw_prize
  FOR EACH STATEMENT EXECUTE FUNCTION app_table_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS points_mall_item_table_changed ON points_mall_item;
--> statement-breakpoint
CREATE TRIGGER points_mall_item_table_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON points_mall_item
  FOR EACH STATEMENT EXECUTE FUNCTION app_table_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS app_user_table_changed ON app_user;
--> statement-breakpoint
CREATE TRIGGER app_user_table_changed AFTER INSERT OR TRUNCATE ON app_user
  FOR EACH STATEMENT EXECUTE FUNCTION app_table_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS app_user_row_changed ON app_user;
--> statement-breakpoint
CREATE TRIGGER app_user_row_changed AFTER UPDATE OR DELETE ON app_user
  FOR EACH ROW EXECUTE FUNCTION app_table_changed();
