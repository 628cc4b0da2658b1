ALTER TABLE "video_task" ADD COLUMN "batch_id" integer;--> statement-breakpoint
ALTER TABLE "video_task" ADD COLUMN "queued_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "video_task_waiting_idx" ON "video_task" USING btree ("tenant_id","user_id","id") WHERE phase = 'waiting' AND deleted_at IS NULL;