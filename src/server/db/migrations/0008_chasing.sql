CREATE TYPE "public"."recurring_frequency" AS ENUM('weekly', 'biweekly', 'monthly');--> statement-breakpoint
CREATE TYPE "public"."reminder_state" AS ENUM('scheduled', 'sent', 'skipped', 'failed');--> statement-breakpoint
CREATE TABLE "notification_setting" (
	"user_id" text PRIMARY KEY NOT NULL,
	"channels" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"quiet_start" text DEFAULT '21:00' NOT NULL,
	"quiet_end" text DEFAULT '08:00' NOT NULL,
	"digest_hour" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "push_subscription" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"device_label" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_success_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "recurring_series" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"recipient_name" text NOT NULL,
	"recipient_phone" text NOT NULL,
	"payer_email" text,
	"amount" numeric(12, 2) NOT NULL,
	"description" text,
	"frequency" "recurring_frequency" NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"count" integer,
	"made_count" integer DEFAULT 0 NOT NULL,
	"next_date" date,
	"paused_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recurring_series_amount_positive" CHECK ("recurring_series"."amount" > 0 AND "recurring_series"."amount" <= 1000000),
	CONSTRAINT "recurring_series_phone_digits" CHECK ("recurring_series"."recipient_phone" ~ '^[0-9]{10}$')
);
--> statement-breakpoint
CREATE TABLE "reminder" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"offset_days" integer NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"state" "reminder_state" DEFAULT 'scheduled' NOT NULL,
	"channel" text,
	"done_at" timestamp with time zone,
	"error" text
);
--> statement-breakpoint
ALTER TABLE "delivery" ADD COLUMN "user_id" text;--> statement-breakpoint
ALTER TABLE "payee" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "payment_request" ADD COLUMN "due_date" date;--> statement-breakpoint
ALTER TABLE "payment_request" ADD COLUMN "payer_email" text;--> statement-breakpoint
ALTER TABLE "payment_request" ADD COLUMN "reminder_days" integer[];--> statement-breakpoint
ALTER TABLE "payment_request" ADD COLUMN "reminders_stopped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_request" ADD COLUMN "series_id" uuid;--> statement-breakpoint
ALTER TABLE "payment_request" ADD COLUMN "occurrence_date" date;--> statement-breakpoint
ALTER TABLE "split" ADD COLUMN "due_date" date;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "reminder_days" integer[];--> statement-breakpoint
ALTER TABLE "notification_setting" ADD CONSTRAINT "notification_setting_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscription" ADD CONSTRAINT "push_subscription_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_series" ADD CONSTRAINT "recurring_series_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder" ADD CONSTRAINT "reminder_request_id_payment_request_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."payment_request"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder" ADD CONSTRAINT "reminder_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscription_endpoint_idx" ON "push_subscription" USING btree ("endpoint");--> statement-breakpoint
CREATE INDEX "push_subscription_user_idx" ON "push_subscription" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "recurring_series_user_idx" ON "recurring_series" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "recurring_series_next_idx" ON "recurring_series" USING btree ("next_date");--> statement-breakpoint
CREATE UNIQUE INDEX "reminder_request_offset_idx" ON "reminder" USING btree ("request_id","offset_days");--> statement-breakpoint
CREATE INDEX "reminder_due_idx" ON "reminder" USING btree ("state","due_at");--> statement-breakpoint
ALTER TABLE "delivery" ADD CONSTRAINT "delivery_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_request" ADD CONSTRAINT "payment_request_series_id_recurring_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."recurring_series"("id") ON DELETE set null ON UPDATE no action;