CREATE TYPE "public"."delivery_state" AS ENUM('pending', 'sent', 'failed');--> statement-breakpoint
CREATE TABLE "delivery" (
	"key" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"state" "delivery_state" DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"message_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
