CREATE TABLE "estimates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"appointment_id" text NOT NULL,
	"state" text DEFAULT 'sent' NOT NULL,
	"kind" text NOT NULL,
	"minutes" integer NOT NULL,
	"lines" jsonb NOT NULL,
	"subtotal_cents" integer NOT NULL,
	"tax" jsonb NOT NULL,
	"total_cents" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_by" text NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" text,
	"decided_by_name" text,
	"decline_reason" text,
	"contact_token_hash" text,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "estimates_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1)
);
--> statement-breakpoint
ALTER TABLE "trusted_contacts" ADD COLUMN "may_approve_estimates" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "estimates" ADD CONSTRAINT "estimates_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "estimates_appointment_idx" ON "estimates" USING btree ("appointment_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "estimates_contact_token_idx" ON "estimates" USING btree ("contact_token_hash");