CREATE TABLE "mock_paper_items" (
	"paper_id" bigint NOT NULL,
	"item_index" integer NOT NULL,
	"item_id" text NOT NULL,
	"type" text NOT NULL,
	"draft" jsonb,
	"draft_saved_at" timestamp with time zone,
	"shown_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"submitted_by" text,
	"answer" jsonb,
	"recording_sha256" text,
	"idempotency_key" uuid,
	"scoring" text DEFAULT 'none' NOT NULL,
	"attempt_id" bigint,
	"score" integer,
	"max" integer,
	"reason_zh" text,
	"time_spent_seconds" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "mock_paper_items_paper_id_item_index_pk" PRIMARY KEY("paper_id","item_index")
);
--> statement-breakpoint
CREATE TABLE "mock_papers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"user_id" bigint NOT NULL,
	"blueprint_id" text NOT NULL,
	"blueprint_version" integer NOT NULL,
	"seed" text NOT NULL,
	"paper" jsonb NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"finished_by" text,
	"ready_at" timestamp with time zone,
	"discarded_at" timestamp with time zone,
	"current_index" integer DEFAULT 0 NOT NULL,
	"current_shown_at" timestamp with time zone,
	"section_deadlines" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"report" jsonb
);
--> statement-breakpoint
ALTER TABLE "mock_paper_items" ADD CONSTRAINT "mock_paper_items_paper_id_mock_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."mock_papers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mock_papers" ADD CONSTRAINT "mock_papers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mock_papers_public_id_idx" ON "mock_papers" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "mock_papers_user_created_idx" ON "mock_papers" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "mock_papers_status_created_idx" ON "mock_papers" USING btree ("status","created_at");