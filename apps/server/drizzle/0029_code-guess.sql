CREATE TABLE "code_guess" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"wrong" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "code_guess" ADD CONSTRAINT "code_guess_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;