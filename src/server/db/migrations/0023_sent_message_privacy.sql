-- Sent e-mails and texts name the customer they are about, so deleting an account removes every copy; e-mails with a one-time key are kept without it once delivered (decision 024).
ALTER TABLE "outbox_emails" ADD COLUMN "about_user_id" text;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "carries_key" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_texts" ADD COLUMN "about_user_id" text;--> statement-breakpoint
CREATE INDEX "outbox_emails_about_idx" ON "outbox_emails" USING btree ("about_user_id");--> statement-breakpoint
CREATE INDEX "outbox_emails_created_idx" ON "outbox_emails" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "outbox_texts_about_idx" ON "outbox_texts" USING btree ("about_user_id");--> statement-breakpoint
CREATE INDEX "outbox_texts_created_idx" ON "outbox_texts" USING btree ("created_at");--> statement-breakpoint
-- What was sent before: the e-mails to an account's own address are about it.
UPDATE "outbox_emails" SET "about_user_id" = "user"."id" FROM "user" WHERE "outbox_emails"."to_address" = lower("user"."email");
