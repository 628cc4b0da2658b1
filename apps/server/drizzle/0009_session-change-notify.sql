-- Tells listeners (the embedded server's session cache) when a session or its user changes in a way the
-- session check depends on: revocation, expiry, deletion, membership. Without listeners NOTIFY is free.
CREATE OR REPLACE FUNCTION app_session_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('app_session_changed', 'session:' || OLD.id::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_user_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('app_session_changed', 'user:' || OLD.id::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS user_session_changed ON user_session;
--> statement-breakpoint
CREATE TRIGGER user_session_changed AFTER UPDATE OF revoked_at, expires_at, user_id OR DELETE ON user_session
  FOR EACH ROW EXECUTE FUNCTION app_session_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS app_user_changed ON app_user;
--> statement-breakpoint
CREATE TRIGGER app_user_changed AFTER UPDATE OF vip_level, vip_expire_at, deleted_at OR DELETE ON app_user
  FOR EACH ROW EXECUTE FUNCTION app_user_changed();
