CREATE TABLE "limit_counter" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"marked_at" bigint NOT NULL,
	"expires_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "limit_counter_expires_idx" ON "limit_counter" USING btree ("expires_at");--> statement-breakpoint
-- Collect's counters move out of better-auth's table (which prunes them); they start again from zero.
DELETE FROM "rate_limit" WHERE "key" LIKE 'collect:%' OR "key" LIKE 'verify-email:%' OR "key" LIKE 'passkey-options:%';
