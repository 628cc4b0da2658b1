ALTER TABLE "draw_prize" ADD COLUMN "i18n" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "points_mall_item" ADD COLUMN "i18n" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "vote_option" ADD COLUMN "i18n" jsonb DEFAULT '{}'::jsonb NOT NULL;