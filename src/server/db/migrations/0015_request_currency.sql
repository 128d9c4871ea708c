-- A currency per request (shared/currency.ts): amounts keep the digits of their currency (no scale of
-- their own: "1500" yen, "1.250" dinars; existing rows keep "25.00"), the cap is per currency, and a
-- recipient outside the US is stored in E.164.
ALTER TABLE "payment_request" DROP CONSTRAINT "payment_request_amount_positive";--> statement-breakpoint
ALTER TABLE "payment_request" DROP CONSTRAINT "payment_request_phone_digits";--> statement-breakpoint
DROP INDEX "payment_request_user_status_created_idx";--> statement-breakpoint
ALTER TABLE "payment_request" ALTER COLUMN "amount" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "payment_request" ADD COLUMN "currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
CREATE INDEX "payment_request_user_status_created_idx" ON "payment_request" USING btree ("user_id","status","created_at","id","amount","currency");--> statement-breakpoint
ALTER TABLE "payment_request" ADD CONSTRAINT "payment_request_amount_positive" CHECK ("payment_request"."amount" > 0 AND "payment_request"."amount" <= CASE WHEN "payment_request"."currency" = 'USD' THEN 1000000 ELSE 1000000000 END);--> statement-breakpoint
ALTER TABLE "payment_request" ADD CONSTRAINT "payment_request_phone_digits" CHECK ("payment_request"."recipient_phone" ~ '^([0-9]{10}|[+][1-9][0-9]{6,14})$');