-- A capture the provider holds PENDING keeps its order claimed until it completes or is declined; a give-back that
-- keeps failing is announced once (decision 010).
ALTER TABLE "payment_orders" ADD COLUMN "pending_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD COLUMN "give_back_failed_at" timestamp with time zone;