CREATE TABLE "article_counted_view" (
	"article_id" integer NOT NULL,
	"kind" text NOT NULL,
	"viewer" text NOT NULL,
	"day" text NOT NULL,
	CONSTRAINT "article_counted_view_article_id_kind_viewer_day_pk" PRIMARY KEY("article_id","kind","viewer","day"),
	CONSTRAINT "article_counted_view_kind_check" CHECK ("article_counted_view"."kind" IN ('read', 'share'))
);
--> statement-breakpoint
ALTER TABLE "article_counted_view" ADD CONSTRAINT "article_counted_view_article_id_article_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."article"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "article_counted_view_day_idx" ON "article_counted_view" USING btree ("day");