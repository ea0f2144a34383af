CREATE TABLE "scoring_slots" (
	"user_id" bigint NOT NULL,
	"slot" smallint NOT NULL,
	"job_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "scoring_slots_user_id_slot_pk" PRIMARY KEY("user_id","slot")
);
--> statement-breakpoint
CREATE INDEX "scoring_slots_job_id_index" ON "scoring_slots" USING btree ("job_id");