-- Every change that alters a public payment view (GET /api/payment-screen/{code}) tells each app
-- process, through NOTIFY, whose views to drop from its cache: a request's status, the
-- requester's names and photo, their payment accounts. Sent at commit, from the database
-- itself, so no code path can forget it.
CREATE FUNCTION collect_public_view_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'user' THEN
    PERFORM pg_notify('collect_public_view', COALESCE(NEW.id, OLD.id));
  ELSE
    PERFORM pg_notify('collect_public_view', COALESCE(NEW.user_id, OLD.user_id));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER payment_request_public_view AFTER UPDATE OF status OR DELETE ON payment_request
  FOR EACH ROW EXECUTE FUNCTION collect_public_view_changed();
--> statement-breakpoint
CREATE TRIGGER payment_account_public_view AFTER INSERT OR UPDATE OR DELETE ON payment_account
  FOR EACH ROW EXECUTE FUNCTION collect_public_view_changed();
--> statement-breakpoint
CREATE TRIGGER user_public_view AFTER UPDATE OF name, profile_name, photo OR DELETE ON "user"
  FOR EACH ROW EXECUTE FUNCTION collect_public_view_changed();
