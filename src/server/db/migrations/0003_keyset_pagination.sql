DROP INDEX IF EXISTS "payment_request_user_created_idx";--> statement-breakpoint
CREATE INDEX "payment_request_user_created_id_idx" ON "payment_request" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "payment_request_user_pending_created_idx" ON "payment_request" USING btree ("user_id",("status" = 'pending'),"created_at","id");--> statement-breakpoint
CREATE INDEX "payment_request_user_status_created_idx" ON "payment_request" USING btree ("user_id","status","created_at","id","amount");--> statement-breakpoint
CREATE INDEX "payee_user_name_idx" ON "payee" USING btree ("user_id",lower("name"),"id");
