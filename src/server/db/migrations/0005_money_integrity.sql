DROP INDEX "payments_appointment_idx";--> statement-breakpoint
ALTER TABLE "payment_orders" ADD COLUMN "state" text DEFAULT 'created' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD COLUMN "closed_reason" text;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_reference" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_by" text;--> statement-breakpoint
UPDATE "payment_orders" SET "state" = 'captured' WHERE "order_id" IN (SELECT "order_id" FROM "payments" WHERE "order_id" IS NOT NULL);--> statement-breakpoint
UPDATE "payment_orders" SET "state" = 'voided', "closed_reason" = 'created before orders were bound to the amount' WHERE "state" = 'created';--> statement-breakpoint
CREATE UNIQUE INDEX "payment_orders_one_capture_idx" ON "payment_orders" USING btree ("appointment_id") WHERE "payment_orders"."state" in ('capturing', 'captured');--> statement-breakpoint
CREATE INDEX "payment_orders_claimed_idx" ON "payment_orders" USING btree ("state","claimed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_appointment_idx" ON "payments" USING btree ("appointment_id") WHERE "payments"."refunded_at" is null;