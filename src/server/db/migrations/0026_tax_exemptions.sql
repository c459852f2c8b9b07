CREATE TABLE "tax_exemptions" (
	"user_id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"certificate" text NOT NULL,
	"certificate_date" text NOT NULL,
	"recorded_by" text NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tax_exemptions" ADD CONSTRAINT "tax_exemptions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;