ALTER TABLE "payment_request" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
-- Requests already paid: the last change of a paid request was its marking (the best there is).
UPDATE "payment_request" SET "paid_at" = "updated_at" WHERE "status" = 'paid';
