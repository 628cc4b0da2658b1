CREATE TABLE "job_turn" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"served_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "job_active_idx" ON "job" USING btree ("tenant_id","user_id","type") WHERE state IN ('queued', 'running');