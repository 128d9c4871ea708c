CREATE TABLE "balance_link" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"recipient_phone" text NOT NULL,
	"currency" text NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "balance_link_code_unique" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "balance_link" ADD CONSTRAINT "balance_link_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "balance_link_person_idx" ON "balance_link" USING btree ("user_id","recipient_phone","currency");