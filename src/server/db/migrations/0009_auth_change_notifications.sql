-- Every instance caches the access guard's session-and-user rows briefly; these triggers tell all
-- of them (NOTIFY is delivered at commit) when a session ends or a user changes, whatever changed it.
CREATE OR REPLACE FUNCTION auth_changed_notify() RETURNS trigger AS $$
BEGIN
  IF TG_TABLE_NAME = 'sessions' THEN
    PERFORM pg_notify('quality_portal_auth', 's:' || OLD.id);
  ELSE
    PERFORM pg_notify('quality_portal_auth', 'u:' || OLD.id);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER sessions_auth_changed AFTER UPDATE OF revoked_at OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION auth_changed_notify();
--> statement-breakpoint
CREATE TRIGGER users_auth_changed AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION auth_changed_notify();
