CREATE TABLE "publisher_standing" (
	"tenant_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"established_at" timestamp with time zone NOT NULL,
	CONSTRAINT "publisher_standing_tenant_id_user_id_pk" PRIMARY KEY("tenant_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "article" DROP CONSTRAINT "article_status_check";--> statement-breakpoint
ALTER TABLE "article" ADD COLUMN "review" jsonb;--> statement-breakpoint
ALTER TABLE "publisher_standing" ADD CONSTRAINT "publisher_standing_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publisher_standing" ADD CONSTRAINT "publisher_standing_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "article_review_queue_idx" ON "article" USING btree ("tenant_id","created_at","id") WHERE status = 'pending' AND deleted_at IS NULL;--> statement-breakpoint
ALTER TABLE "article" ADD CONSTRAINT "article_status_check" CHECK ("article"."status" IN ('draft', 'published', 'taken_down', 'pending', 'rejected'));