-- Tells listeners (the embedded server's session cache) when a session or its user changes in a way the
-- session check depends on: revocation, expiry, deletion, membership. Without listeners NOTIFY is free.
-- The trigger's argument names what changed: the payload is `session:<id>` or `user:<id>`.
CREATE OR REPLACE FUNCTION app_session_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('app_session_changed', TG_ARGV[0] || ':' || OLD.id::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS user_session_changed ON user_session;
--> statement-breakpoint
CREATE TRIGGER user_session_changed AFTER UPDATE OF revoked_at, expires_at, user_id OR DELETE ON user_session
  FOR EACH ROW EXECUTE FUNCTION app_session_changed('session');
--> statement-breakpoint
DROP TRIGGER IF EXISTS app_user_changed ON app_user;
--> statement-breakpoint
CREATE TRIGGER app_user_changed AFTER UPDATE OF vip_level, vip_expire_at, deleted_at OR DELETE ON app_user
  FOR EACH ROW EXECUTE FUNCTION app_session_changed('user');
