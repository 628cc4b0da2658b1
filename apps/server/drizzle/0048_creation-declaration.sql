ALTER TABLE "article" ADD COLUMN "declaration" text;--> statement-breakpoint
ALTER TABLE "article" ADD COLUMN "ai_made" boolean DEFAULT false NOT NULL;