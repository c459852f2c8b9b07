CREATE TABLE "waitlist_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"date" text NOT NULL,
	"state" text DEFAULT 'waiting' NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"offered_starts_at" timestamp with time zone,
	"offered_at" timestamp with time zone,
	"offer_expires_at" timestamp with time zone,
	"appointment_id" text,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "calendar_busy_times" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	CONSTRAINT "calendar_busy_times_range_order" CHECK ("calendar_busy_times"."ends_at" > "calendar_busy_times"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "calendar_import" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"url" text,
	"etag" text,
	"last_modified" text,
	"fetched_at" timestamp with time zone,
	"succeeded_at" timestamp with time zone,
	"busy_count" integer DEFAULT 0 NOT NULL,
	"error" text,
	"failing_since" timestamp with time zone,
	"failure_logged_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_import_one_row" CHECK ("calendar_import"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "code_word" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "wants_reminder_calls" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "reminder_calls_consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "reminder_called_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "on_the_way_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "arrives_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "waitlist_entries_date_idx" ON "waitlist_entries" USING btree ("date","joined_at");--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_entries_one_per_day_idx" ON "waitlist_entries" USING btree ("user_id","date") WHERE "waitlist_entries"."state" in ('waiting', 'offered');--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_entries_one_offer_per_slot_idx" ON "waitlist_entries" USING btree ("offered_starts_at") WHERE "waitlist_entries"."state" = 'offered';--> statement-breakpoint
CREATE INDEX "calendar_busy_times_range_idx" ON "calendar_busy_times" USING btree ("starts_at","ends_at");--> statement-breakpoint
INSERT INTO "calendar_import" ("id") VALUES (1) ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- The owner's imported busy times close slots as time off does, and a waitlist offer holds its slot: both change
-- the free times each process keeps (decision 025). Busy times announce 't' and 'm' as time off does; the waitlist
-- announces 'm'. Every other payload is as in 0018.
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
  ELSIF TG_TABLE_NAME = 'time_off' OR TG_TABLE_NAME = 'calendar_busy_times' THEN
    PERFORM pg_notify('techhelp_cache', 't');
    PERFORM pg_notify('techhelp_cache', 'm');
  ELSIF TG_TABLE_NAME = 'waitlist_entries' THEN
    PERFORM pg_notify('techhelp_cache', 'm');
  ELSIF TG_TABLE_NAME = 'business_settings' THEN
    PERFORM pg_notify('techhelp_cache', 'r');
    PERFORM pg_notify('techhelp_cache', 'm');
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER calendar_busy_times_notice AFTER INSERT OR UPDATE OR DELETE ON "calendar_busy_times"
  FOR EACH ROW EXECUTE FUNCTION techhelp_change_notice();
--> statement-breakpoint
CREATE TRIGGER waitlist_entries_notice AFTER INSERT OR UPDATE OR DELETE ON "waitlist_entries"
  FOR EACH ROW EXECUTE FUNCTION techhelp_change_notice();
