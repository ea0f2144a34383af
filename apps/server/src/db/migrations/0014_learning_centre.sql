CREATE TABLE "learning_profiles" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"time_zone" text,
	"target_overall" integer,
	"target_speaking" integer,
	"target_writing" integer,
	"target_reading" integer,
	"target_listening" integer,
	"exam_date" date,
	"daily_minutes" integer DEFAULT 60 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "learning_profiles_targets_range" CHECK (coalesce("learning_profiles"."target_overall", 10) between 10 and 90 and coalesce("learning_profiles"."target_speaking", 10) between 10 and 90 and coalesce("learning_profiles"."target_writing", 10) between 10 and 90 and coalesce("learning_profiles"."target_reading", 10) between 10 and 90 and coalesce("learning_profiles"."target_listening", 10) between 10 and 90),
	CONSTRAINT "learning_profiles_daily_minutes_range" CHECK ("learning_profiles"."daily_minutes" between 10 and 480)
);
--> statement-breakpoint
CREATE TABLE "user_study_quarters" (
	"user_id" bigint NOT NULL,
	"quarter_start" timestamp with time zone NOT NULL,
	"study_seconds" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "user_study_quarters_user_id_quarter_start_pk" PRIMARY KEY("user_id","quarter_start"),
	CONSTRAINT "user_study_quarters_seconds_range" CHECK ("user_study_quarters"."study_seconds" between 0 and 900)
);
--> statement-breakpoint
ALTER TABLE "learning_profiles" ADD CONSTRAINT "learning_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_study_quarters" ADD CONSTRAINT "user_study_quarters_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Study time recorded before this migration is known only per Beijing day: spread each day's
-- seconds over quarter hours around that day's Beijing noon, so it stays on the same date in any
-- time zone within ±11 h of Beijing.
INSERT INTO "user_study_quarters" ("user_id", "quarter_start", "study_seconds", "updated_at")
SELECT d."user_id",
	((d."day" + time '12:00') AT TIME ZONE 'Asia/Shanghai') + (q - s.n / 2) * interval '15 minutes',
	least(900, d."study_seconds" - q * 900),
	d."updated_at"
FROM "user_study_days" d
CROSS JOIN LATERAL (SELECT ceil(d."study_seconds" / 900.0)::int AS n) s
CROSS JOIN LATERAL generate_series(0, s.n - 1) q
WHERE d."study_seconds" > 0;
