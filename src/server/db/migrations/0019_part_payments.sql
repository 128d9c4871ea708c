CREATE TABLE "request_payment" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"amount" numeric NOT NULL,
	"method" text,
	"paid_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "request_payment_amount_positive" CHECK ("request_payment"."amount" > 0)
);
--> statement-breakpoint
DROP INDEX "payment_request_user_status_created_idx";--> statement-breakpoint
ALTER TABLE "payment_request" ADD COLUMN "paid_amount" numeric DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "request_payment" ADD CONSTRAINT "request_payment_request_id_payment_request_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."payment_request"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_payment" ADD CONSTRAINT "request_payment_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "request_payment_request_idx" ON "request_payment" USING btree ("request_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_request_user_status_created_idx" ON "payment_request" USING btree ("user_id","status","created_at","id","amount","currency","paid_amount");--> statement-breakpoint
ALTER TABLE "payment_request" ADD CONSTRAINT "payment_request_paid_within" CHECK ("payment_request"."paid_amount" >= 0 AND "payment_request"."paid_amount" <= "payment_request"."amount");--> statement-breakpoint
-- A part payment changes what the pay page asks for: its cached views are dropped as for a status.
CREATE OR REPLACE TRIGGER payment_request_public_view AFTER UPDATE OF status, paid_amount OR DELETE ON payment_request
  FOR EACH ROW EXECUTE FUNCTION collect_public_view_changed();
--> statement-breakpoint
-- ...and the requester's open screens hear of it at once ("payment"), as of a claim.
CREATE OR REPLACE FUNCTION collect_request_event() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  kind text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    kind := 'created';
  ELSIF NEW.status IS DISTINCT FROM OLD.status THEN
    kind := NEW.status::text;
  ELSIF NEW.paid_amount IS DISTINCT FROM OLD.paid_amount THEN
    kind := 'payment';
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
