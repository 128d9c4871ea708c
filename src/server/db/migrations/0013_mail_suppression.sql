CREATE TABLE "mail_suppression" (
	"recipient_hash" text NOT NULL,
	"requester_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_suppression_recipient_requester_key" UNIQUE NULLS NOT DISTINCT("recipient_hash","requester_id")
);
--> statement-breakpoint
ALTER TABLE "payment_request" ADD COLUMN "reminders_stopped_by" text;--> statement-breakpoint
ALTER TABLE "mail_suppression" ADD CONSTRAINT "mail_suppression_requester_id_user_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;