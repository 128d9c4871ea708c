-- The requester's zone and reminder days decide when a new request's reminders happen; each app
-- process keeps them per user (db/user-change.ts) and drops them on the same notification as the
-- user's public views, so the trigger now fires on those two columns too.
DROP TRIGGER user_public_view ON "user";
--> statement-breakpoint
CREATE TRIGGER user_public_view AFTER UPDATE OF name, profile_name, photo, time_zone, reminder_days OR DELETE ON "user"
  FOR EACH ROW EXECUTE FUNCTION collect_public_view_changed();
