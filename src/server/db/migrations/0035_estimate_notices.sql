-- A job's estimates are kept in memory with the customer's open appointments (decision 025): a change to any of
-- them announces that customer's appointments (`a:<user id>`), like a change to the appointment itself, whoever
-- makes it.
CREATE FUNCTION techhelp_estimate_notice() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  job text;
  owner text;
BEGIN
  IF TG_OP = 'DELETE' THEN
    job := OLD.appointment_id;
  ELSE
    job := NEW.appointment_id;
  END IF;
  SELECT user_id INTO owner FROM appointments WHERE id = job;
  IF owner IS NOT NULL THEN
    PERFORM pg_notify('techhelp_cache', 'a:' || owner);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER estimates_notice AFTER INSERT OR UPDATE OR DELETE ON "estimates"
  FOR EACH ROW EXECUTE FUNCTION techhelp_estimate_notice();
