CREATE TABLE "video_preview_quota" (
	"tenant_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"date" text NOT NULL,
	"num" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "video_preview_quota_tenant_id_user_id_pk" PRIMARY KEY("tenant_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "video_preview_quota" ADD CONSTRAINT "video_preview_quota_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;