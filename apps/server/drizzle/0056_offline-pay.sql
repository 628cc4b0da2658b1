CREATE TABLE "commerce_setting" (
	"tenant_id" integer NOT NULL,
	"key" text NOT NULL,
	"data" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "commerce_setting_tenant_id_key_pk" PRIMARY KEY("tenant_id","key")
);
--> statement-breakpoint
ALTER TABLE "pay_order" ADD COLUMN "transfer_file_id" integer;--> statement-breakpoint
ALTER TABLE "pay_order" ADD COLUMN "transfer_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "commerce_setting" ADD CONSTRAINT "commerce_setting_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;