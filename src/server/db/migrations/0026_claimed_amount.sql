ALTER TABLE "payment_request" ADD COLUMN "claimed_amount" numeric;--> statement-breakpoint
ALTER TABLE "payment_request" ADD COLUMN "claimed_left" numeric;