CREATE TABLE "split" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"total" numeric(12, 2) NOT NULL,
	"description" text,
	"include_me" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "split_total_positive" CHECK ("split"."total" > 0 AND "split"."total" <= 1000000)
);
--> statement-breakpoint
ALTER TABLE "split" ADD CONSTRAINT "split_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "split_user_created_idx" ON "split" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "payment_request" ADD COLUMN "claimed_paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_request" ADD COLUMN "claimed_via" text;--> statement-breakpoint
ALTER TABLE "payment_request" ADD COLUMN "claim_note" text;--> statement-breakpoint
ALTER TABLE "payment_request" ADD COLUMN "split_id" uuid;--> statement-breakpoint
ALTER TABLE "payment_request" ADD CONSTRAINT "payment_request_split_id_split_id_fk" FOREIGN KEY ("split_id") REFERENCES "public"."split"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_request_split_idx" ON "payment_request" USING btree ("split_id");
