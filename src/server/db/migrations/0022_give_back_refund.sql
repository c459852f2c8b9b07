-- A give-back the provider holds PENDING is looked up by its refund id until it is made or fails (decision 010).
ALTER TABLE "payment_orders" ADD COLUMN "give_back_refund_id" text;