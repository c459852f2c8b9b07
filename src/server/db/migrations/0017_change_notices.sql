-- Each process keeps some reads in memory (decision 025): signed-in sessions, each customer's open appointments,
-- the free times and the booking rules. Whatever changes them is announced here, whoever makes it: the app, the
-- command line, another instance, or a statement typed into psql. Payloads carry ids only, never a token.
--   s:<session id>  a session changed or ended
--   u:<user id>     a user's address, verification, admin right or deletion changed, or the user is gone
--   a:<user id>     that user's appointments changed
--   m               the free times may have changed (an appointment, time off, the booking rules)
--   r               the booking rules changed
-- PostgreSQL sends a payload once per transaction however many rows repeat it.
CREATE FUNCTION techhelp_change_notice() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'session' THEN
    PERFORM pg_notify('techhelp_cache', 's:' || OLD.id);
  ELSIF TG_TABLE_NAME = 'user' THEN
    PERFORM pg_notify('techhelp_cache', 'u:' || OLD.id);
  ELSIF TG_TABLE_NAME = 'appointments' THEN
    IF TG_OP <> 'INSERT' THEN
      PERFORM pg_notify('techhelp_cache', 'a:' || OLD.user_id);
    END IF;
    IF TG_OP <> 'DELETE' THEN
      PERFORM pg_notify('techhelp_cache', 'a:' || NEW.user_id);
    END IF;
    PERFORM pg_notify('techhelp_cache', 'm');
  ELSIF TG_TABLE_NAME = 'time_off' THEN
    PERFORM pg_notify('techhelp_cache', 'm');
  ELSIF TG_TABLE_NAME = 'business_settings' THEN
    PERFORM pg_notify('techhelp_cache', 'r');
    PERFORM pg_notify('techhelp_cache', 'm');
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER session_notice AFTER UPDATE OR DELETE ON "session"
  FOR EACH ROW EXECUTE FUNCTION techhelp_change_notice();
--> statement-breakpoint
CREATE TRIGGER user_notice AFTER DELETE ON "user"
  FOR EACH ROW EXECUTE FUNCTION techhelp_change_notice();
--> statement-breakpoint
CREATE TRIGGER user_rights_notice AFTER UPDATE ON "user"
  FOR EACH ROW
  WHEN (OLD.email IS DISTINCT FROM NEW.email
    OR OLD.email_verified IS DISTINCT FROM NEW.email_verified
    OR OLD.is_admin IS DISTINCT FROM NEW.is_admin
    OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at)
  EXECUTE FUNCTION techhelp_change_notice();
--> statement-breakpoint
CREATE TRIGGER appointments_notice AFTER INSERT OR UPDATE OR DELETE ON "appointments"
  FOR EACH ROW EXECUTE FUNCTION techhelp_change_notice();
--> statement-breakpoint
CREATE TRIGGER time_off_notice AFTER INSERT OR UPDATE OR DELETE ON "time_off"
  FOR EACH ROW EXECUTE FUNCTION techhelp_change_notice();
--> statement-breakpoint
CREATE TRIGGER business_settings_notice AFTER INSERT OR UPDATE OR DELETE ON "business_settings"
  FOR EACH ROW EXECUTE FUNCTION techhelp_change_notice();
