-- An account's region (shared/region.ts): its country, language and currency, each null until chosen
-- (the spec's US, the browser's language, USD).
ALTER TABLE "user" ADD COLUMN "country" text;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "currency" text;--> statement-breakpoint
-- Each app process keeps a requester's settings (db/user-change.ts) and drops them on this
-- notification: the region decides a new request's currency and phone region.
DROP TRIGGER user_public_view ON "user";
--> statement-breakpoint
CREATE TRIGGER user_public_view AFTER UPDATE OF name, profile_name, photo, time_zone, reminder_days, country, language, currency OR DELETE ON "user"
  FOR EACH ROW EXECUTE FUNCTION collect_public_view_changed();
