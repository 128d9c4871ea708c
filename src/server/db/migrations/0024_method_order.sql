ALTER TABLE "user" ADD COLUMN "method_order" text[];--> statement-breakpoint
-- The pay page follows the requester's order of methods: a change drops the cached views.
DROP TRIGGER user_public_view ON "user";
--> statement-breakpoint
CREATE TRIGGER user_public_view AFTER UPDATE OF name, profile_name, photo, time_zone, reminder_days, country, language, currency, method_order OR DELETE ON "user"
  FOR EACH ROW EXECUTE FUNCTION collect_public_view_changed();
