ALTER TABLE "app_user" ADD COLUMN "deletion_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "app_user" ADD COLUMN "deletion_due_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "app_user_deletion_due_idx" ON "app_user" USING btree ("deletion_due_at") WHERE "app_user"."deletion_due_at" IS NOT NULL AND "app_user"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "pay_order_user_pending_idx" ON "pay_order" USING btree ("tenant_id","user_id","created_at") WHERE "pay_order"."state" = 'pending';