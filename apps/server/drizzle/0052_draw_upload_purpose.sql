DROP INDEX "ai_draw_role_image_owner_idx";--> statement-breakpoint
ALTER TABLE "ai_draw_role_image" ADD COLUMN "purpose" text DEFAULT 'role' NOT NULL;--> statement-breakpoint
CREATE INDEX "ai_draw_role_image_owner_idx" ON "ai_draw_role_image" USING btree ("tenant_id","user_id","purpose","created_at");