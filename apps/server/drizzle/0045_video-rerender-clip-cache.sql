ALTER TABLE "video_scene" ADD COLUMN "clip_key" text;--> statement-breakpoint
ALTER TABLE "video_scene" ADD COLUMN "clip_hash" text;--> statement-breakpoint
ALTER TABLE "video_task" ADD COLUMN "render_round" integer DEFAULT 0 NOT NULL;