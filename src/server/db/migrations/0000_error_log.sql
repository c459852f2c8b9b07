CREATE TABLE "error_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" text NOT NULL,
	"error_message" text NOT NULL,
	"appointment_identifier" text DEFAULT '' NOT NULL,
	"component_name" text NOT NULL,
	"source" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "error_log_created_at_idx" ON "error_log" USING btree ("created_at");