CREATE TABLE "business_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"min_notice_hours" integer DEFAULT 12 NOT NULL,
	"cutoff_hours" integer DEFAULT 24 NOT NULL,
	"calendar_feed_secret_hash" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_settings_one_row" CHECK ("business_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "time_off" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_by" text,
	"removed_at" timestamp with time zone,
	CONSTRAINT "time_off_range_order" CHECK ("time_off"."ends_at" > "time_off"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "invite_sequence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "time_off_range_idx" ON "time_off" USING btree ("starts_at","ends_at");--> statement-breakpoint
INSERT INTO "business_settings" ("id") VALUES (1) ON CONFLICT DO NOTHING;