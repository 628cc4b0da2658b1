-- The session check now answers the user's current roles (not the token's), so a change of roles must
-- reach the embedded server's session cache too: the user trigger of 0009 also fires on roles.
DROP TRIGGER IF EXISTS app_user_changed ON app_user;
--> statement-breakpoint
CREATE TRIGGER app_user_changed AFTER UPDATE OF vip_level, vip_expire_at, deleted_at, roles OR DELETE ON app_user
  FOR EACH ROW EXECUTE FUNCTION app_session_changed('user');
