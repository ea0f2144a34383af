CREATE TABLE "listening_cards" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"mode" text NOT NULL,
	"material_id" text NOT NULL,
	"sentence_index" integer NOT NULL,
	"word" text DEFAULT '' NOT NULL,
	"due" timestamp with time zone NOT NULL,
	"stability" double precision NOT NULL,
	"difficulty" double precision NOT NULL,
	"elapsed_days" integer NOT NULL,
	"scheduled_days" integer NOT NULL,
	"learning_steps" integer NOT NULL,
	"reps" integer NOT NULL,
	"lapses" integer NOT NULL,
	"state" integer NOT NULL,
	"last_review" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "listening_progress" (
	"user_id" bigint NOT NULL,
	"material_id" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"mode" text DEFAULT 'dictation' NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "listening_progress_user_id_material_id_pk" PRIMARY KEY("user_id","material_id")
);
--> statement-breakpoint
CREATE TABLE "listening_sentence_scores" (
	"user_id" bigint NOT NULL,
	"material_id" text NOT NULL,
	"sentence_index" integer NOT NULL,
	"mode" text NOT NULL,
	"score" integer NOT NULL,
	"max" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "listening_sentence_scores_user_id_material_id_sentence_index_mode_pk" PRIMARY KEY("user_id","material_id","sentence_index","mode")
);
--> statement-breakpoint
ALTER TABLE "listening_cards" ADD CONSTRAINT "listening_cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listening_progress" ADD CONSTRAINT "listening_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listening_sentence_scores" ADD CONSTRAINT "listening_sentence_scores_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "listening_cards_identity_idx" ON "listening_cards" USING btree ("user_id","material_id","sentence_index","kind","mode","word");--> statement-breakpoint
CREATE INDEX "listening_cards_user_due_idx" ON "listening_cards" USING btree ("user_id","due");--> statement-breakpoint
CREATE INDEX "listening_progress_user_updated_idx" ON "listening_progress" USING btree ("user_id","updated_at");