CREATE TABLE "pay_requests" (
	"appointment_id" text PRIMARY KEY NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reminders_sent" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pay_requests" ADD CONSTRAINT "pay_requests_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pay_requests_due_idx" ON "pay_requests" USING btree ("reminders_sent","sent_at");