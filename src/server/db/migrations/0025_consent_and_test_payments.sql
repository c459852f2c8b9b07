CREATE TABLE "contact_suppressions" (
	"email" text PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"suppressed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "text_confirmations" (
	"user_id" text PRIMARY KEY NOT NULL,
	"phone_number" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "text_consents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"phone_number" text NOT NULL,
	"wording" text NOT NULL,
	"locale" text NOT NULL,
	"confirmed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "is_test" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "texts_confirmed_number" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "texts_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trusted_contacts" ADD COLUMN "invited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trusted_contacts" ADD COLUMN "agreed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trusted_contacts" ADD COLUMN "agreed_wording" text;--> statement-breakpoint
ALTER TABLE "text_confirmations" ADD CONSTRAINT "text_confirmations_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "text_consents" ADD CONSTRAINT "text_consents_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "text_consents_user_idx" ON "text_consents" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "text_consents_number_idx" ON "text_consents" USING btree ("phone_number");--> statement-breakpoint
-- Test-mode payments were always TEST; PayPal sandbox payments taken before this column cannot be told apart here.
UPDATE "payments" SET "is_test" = true WHERE "provider" = 'sandbox';--> statement-breakpoint
-- A contact who already stopped the copies is on the suppression list from the start.
INSERT INTO "contact_suppressions" ("email", "reason", "suppressed_at")
SELECT "email", 'stopped', "copies_stopped_at" FROM "trusted_contacts" WHERE "copies_stopped_at" IS NOT NULL
ON CONFLICT DO NOTHING;
