-- New indexes first, then the ones they replace: a running cluster is never without one (issue 26).
CREATE TABLE "im_message_unread" (
	"tenant_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"type" text NOT NULL,
	"unread" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "im_message_unread_tenant_id_user_id_type_pk" PRIMARY KEY("tenant_id","user_id","type")
);
--> statement-breakpoint
ALTER TABLE "im_message_unread" ADD CONSTRAINT "im_message_unread_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "account_ledger_user_currency_time_idx" ON "account_ledger" USING btree ("tenant_id","user_id","currency","created_at","id");
--> statement-breakpoint
CREATE INDEX "account_ledger_user_time_idx" ON "account_ledger" USING btree ("tenant_id","user_id","created_at","id");
--> statement-breakpoint
CREATE INDEX "im_message_user_recent_idx" ON "im_message" USING btree ("tenant_id","user_id","receive_time","id","type");
--> statement-breakpoint
CREATE INDEX "im_message_user_type_time_idx" ON "im_message" USING btree ("tenant_id","user_id","type","receive_time","id");
--> statement-breakpoint
CREATE INDEX "chat_conversation_user_time_idx" ON "chat_conversation" USING btree ("tenant_id","user_id","updated_at","id");
--> statement-breakpoint
CREATE INDEX "chat_message_streaming_idx" ON "chat_message" USING btree ("created_at") WHERE status = 'streaming';
--> statement-breakpoint
CREATE INDEX "voice_task_owner_time_idx" ON "voice_task" USING btree ("tenant_id","user_id","kind","created_at","id") WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX "voice_task_unqueued_idx" ON "voice_task" USING btree ("id") WHERE job_id IS NULL AND deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX "ai_draw_task_owner_time_idx" ON "ai_draw_task" USING btree ("tenant_id","user_id","created_at","id");
--> statement-breakpoint
CREATE INDEX "ai_draw_task_hall_time_idx" ON "ai_draw_task" USING btree ("tenant_id","published_at","id") WHERE published_at IS NOT NULL AND deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX "ai_draw_task_hall_hot_idx" ON "ai_draw_task" USING btree ("tenant_id","likes","published_at","id") WHERE published_at IS NOT NULL AND deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX "ai_draw_task_queued_idx" ON "ai_draw_task" USING btree ("tenant_id","user_id") WHERE status = 'queued';
--> statement-breakpoint
CREATE INDEX "ai_draw_task_unqueued_idx" ON "ai_draw_task" USING btree ("id") WHERE status = 'queued' AND job_id IS NULL;
--> statement-breakpoint
CREATE INDEX "video_task_owner_time_idx" ON "video_task" USING btree ("tenant_id","user_id","created_at","id") WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX "video_task_unqueued_idx" ON "video_task" USING btree ("id") WHERE job_id IS NULL AND deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX "video_task_expire_due_idx" ON "video_task" USING btree ("expire_at") WHERE expired_at IS NULL;
--> statement-breakpoint
DROP INDEX "account_ledger_user_idx";
--> statement-breakpoint
DROP INDEX "im_message_user_time_idx";
--> statement-breakpoint
DROP INDEX "chat_conversation_user_idx";
--> statement-breakpoint
DROP INDEX "voice_task_owner_idx";
--> statement-breakpoint
DROP INDEX "ai_draw_task_owner_idx";
--> statement-breakpoint
DROP INDEX "ai_draw_task_hall_idx";
--> statement-breakpoint
DROP INDEX "video_task_owner_idx";
--> statement-breakpoint
DROP INDEX "video_task_expire_idx";