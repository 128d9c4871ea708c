ALTER TABLE "payee" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "payment_request" ADD COLUMN "language" text;