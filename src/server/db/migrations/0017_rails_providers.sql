ALTER TYPE "public"."payment_provider" ADD VALUE 'upi';--> statement-breakpoint
ALTER TYPE "public"."payment_provider" ADD VALUE 'pix';--> statement-breakpoint
ALTER TYPE "public"."payment_provider" ADD VALUE 'sepa';--> statement-breakpoint
ALTER TYPE "public"."payment_provider" ADD VALUE 'swish';--> statement-breakpoint
ALTER TYPE "public"."payment_provider" ADD VALUE 'monzo';--> statement-breakpoint
ALTER TYPE "public"."payment_provider" ADD VALUE 'paynow';--> statement-breakpoint
ALTER TYPE "public"."payment_provider" ADD VALUE 'promptpay';--> statement-breakpoint
ALTER TABLE "payment_account" ADD COLUMN "holder_name" text;--> statement-breakpoint
ALTER TABLE "payment_account" ADD COLUMN "bic" text;