CREATE TABLE "user_study_days" (
	"user_id" bigint NOT NULL,
	"day" date NOT NULL,
	"study_seconds" integer DEFAULT 0 NOT NULL,
	"practice_count" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "user_study_days_user_id_day_pk" PRIMARY KEY("user_id","day"),
	CONSTRAINT "user_study_days_seconds_range" CHECK ("user_study_days"."study_seconds" between 0 and 86400),
	CONSTRAINT "user_study_days_practices_nonnegative" CHECK ("user_study_days"."practice_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "user_settings" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_study_days" ADD CONSTRAINT "user_study_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_settings" ADD CONSTRAINT "user_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;