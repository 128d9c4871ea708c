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
--> statement-breakpoint
-- Live updates (features/events): each change the requester's screens show — a request created,
-- viewed, claimed, paid or cancelled — is told to every app process through NOTIFY at commit,
-- with the owner's id, so each process can push it to that user's open tabs only.
CREATE FUNCTION collect_request_event() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  kind text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    kind := 'created';
  ELSIF NEW.status IS DISTINCT FROM OLD.status THEN
    kind := NEW.status::text;
  ELSIF NEW.claimed_paid_at IS DISTINCT FROM OLD.claimed_paid_at THEN
    kind := 'claimed';
  ELSIF NEW.viewed_at IS DISTINCT FROM OLD.viewed_at THEN
    kind := 'viewed';
  ELSE
    RETURN NULL;
  END IF;
  PERFORM pg_notify('collect_events', json_build_object('userId', NEW.user_id, 'kind', kind, 'requestId', NEW.id)::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER payment_request_events AFTER INSERT OR UPDATE ON payment_request
  FOR EACH ROW EXECUTE FUNCTION collect_request_event();
