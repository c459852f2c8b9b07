-- ADMIN_EMAILS applies to the address an account signed up with, never to one it moved onto (decision 012).
ALTER TABLE "user" ADD COLUMN "email_changed_at" timestamp with time zone;