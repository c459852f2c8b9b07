-- Time off announces itself on its own as well (decision 025): a booking checks its slot against the time off each
-- process keeps, which the bookings' own notices ('m', one per booking) would otherwise empty every time.
--   t               the owner's time off changed
-- Every other payload is as in 0017.
CREATE OR REPLACE FUNCTION techhelp_change_notice() RETURNS trigger LANGUAGE plpgsql AS $$
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
    PERFORM pg_notify('techhelp_cache', 't');
    PERFORM pg_notify('techhelp_cache', 'm');
  ELSIF TG_TABLE_NAME = 'business_settings' THEN
    PERFORM pg_notify('techhelp_cache', 'r');
    PERFORM pg_notify('techhelp_cache', 'm');
  END IF;
  RETURN NULL;
END
$$;
