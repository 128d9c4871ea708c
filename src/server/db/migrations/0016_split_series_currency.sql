-- Splits and recurring series carry a currency like a request (shared/currency.ts): amounts keep
-- their currency's digits, the cap is per currency, and a number outside the US is kept in E.164
-- for contacts and series as it is for requests.
ALTER TABLE "payee" DROP CONSTRAINT "payee_phone_digits";--> statement-breakpoint
ALTER TABLE "recurring_series" DROP CONSTRAINT "recurring_series_amount_positive";--> statement-breakpoint
ALTER TABLE "recurring_series" DROP CONSTRAINT "recurring_series_phone_digits";--> statement-breakpoint
ALTER TABLE "split" DROP CONSTRAINT "split_total_positive";--> statement-breakpoint
ALTER TABLE "recurring_series" ALTER COLUMN "amount" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "split" ALTER COLUMN "total" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "recurring_series" ADD COLUMN "currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "split" ADD COLUMN "currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "payee" ADD CONSTRAINT "payee_phone_digits" CHECK ("payee"."phone" ~ '^([0-9]{10}|[+][1-9][0-9]{6,14})$');--> statement-breakpoint
ALTER TABLE "recurring_series" ADD CONSTRAINT "recurring_series_amount_positive" CHECK ("recurring_series"."amount" > 0 AND "recurring_series"."amount" <= CASE WHEN "recurring_series"."currency" = 'USD' THEN 1000000 ELSE 1000000000 END);--> statement-breakpoint
ALTER TABLE "recurring_series" ADD CONSTRAINT "recurring_series_phone_digits" CHECK ("recurring_series"."recipient_phone" ~ '^([0-9]{10}|[+][1-9][0-9]{6,14})$');--> statement-breakpoint
ALTER TABLE "split" ADD CONSTRAINT "split_total_positive" CHECK ("split"."total" > 0 AND "split"."total" <= CASE WHEN "split"."currency" = 'USD' THEN 1000000 ELSE 1000000000 END);