-- A refund the provider holds PENDING keeps its payment in force until the provider completes or fails it (decision 010).
ALTER TABLE "payments" ADD COLUMN "refund_pending_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_attempts" integer DEFAULT 0 NOT NULL;