CREATE TABLE "voice_reading_fix" (
	"tenant_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"word" text NOT NULL,
	"at" integer NOT NULL,
	"pinyin" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "voice_reading_fix_tenant_id_user_id_word_at_pk" PRIMARY KEY("tenant_id","user_id","word","at")
);
--> statement-breakpoint
ALTER TABLE "voice_task" ADD COLUMN "script" jsonb;--> statement-breakpoint
ALTER TABLE "voice_task" ADD COLUMN "spoken" jsonb;--> statement-breakpoint
ALTER TABLE "voice_reading_fix" ADD CONSTRAINT "voice_reading_fix_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;