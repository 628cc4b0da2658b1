CREATE TABLE "console_daily_metric" (
	"tenant_id" integer NOT NULL,
	"day" text NOT NULL,
	"metric" text NOT NULL,
	"value" double precision NOT NULL,
	"refreshed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "console_daily_metric_pk" PRIMARY KEY("tenant_id","day","metric")
);
--> statement-breakpoint
DROP INDEX "audit_log_time_idx";--> statement-breakpoint
DROP INDEX "audit_log_operator_idx";--> statement-breakpoint
ALTER TABLE "console_daily_metric" ADD CONSTRAINT "console_daily_metric_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "app_user_created_idx" ON "app_user" USING btree ("tenant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "app_user_nick_trgm_idx" ON "app_user" USING gin ("nick_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "account_ledger_gold_debit_idx" ON "account_ledger" USING btree ("tenant_id","created_at") WHERE "account_ledger"."currency" = 'gold' AND "account_ledger"."amount" < 0;--> statement-breakpoint
CREATE INDEX "job_created_idx" ON "job" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("tenant_id","action" text_pattern_ops,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "chat_message_question_day_idx" ON "chat_message" USING btree ("tenant_id","created_at") WHERE "chat_message"."role" = 'user';--> statement-breakpoint
CREATE INDEX "activity_checkin_date_idx" ON "activity_checkin" USING btree ("tenant_id","date");--> statement-breakpoint
CREATE INDEX "pay_order_created_idx" ON "pay_order" USING btree ("tenant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "pay_order_no_trgm_idx" ON "pay_order" USING gin ("order_no" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "pay_order_paid_idx" ON "pay_order" USING btree ("tenant_id","paid_at") WHERE "pay_order"."paid_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "audit_log_time_idx" ON "audit_log" USING btree ("tenant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_operator_idx" ON "audit_log" USING btree ("tenant_id","operator_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);