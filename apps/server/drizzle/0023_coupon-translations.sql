ALTER TABLE "coupon_template" ADD COLUMN "i18n" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "user_coupon" ADD COLUMN "i18n" jsonb DEFAULT '{}'::jsonb NOT NULL;