CREATE TABLE "item_high_frequency_weeks" (
	"week" text NOT NULL,
	"item_id" text NOT NULL,
	CONSTRAINT "item_high_frequency_weeks_week_item_id_pk" PRIMARY KEY("week","item_id")
);
--> statement-breakpoint
CREATE TABLE "items" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"number" integer NOT NULL,
	"title" text NOT NULL,
	"difficulty" smallint NOT NULL,
	"topics" text[] NOT NULL,
	"content" jsonb NOT NULL,
	"answer_key" jsonb NOT NULL,
	"explanation_zh" text NOT NULL,
	"updated_on" date NOT NULL,
	"is_full" boolean NOT NULL,
	"practice_count" integer DEFAULT 0 NOT NULL,
	"search_text" text NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', search_text), 'B')) STORED NOT NULL,
	"source_hash" text NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_favorites" (
	"user_id" bigint NOT NULL,
	"item_id" text NOT NULL,
	"label" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_favorites_user_id_item_id_pk" PRIMARY KEY("user_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "user_item_progress" (
	"user_id" bigint NOT NULL,
	"item_id" text NOT NULL,
	"practice_count" integer DEFAULT 0 NOT NULL,
	"last_practised_at" timestamp with time zone NOT NULL,
	CONSTRAINT "user_item_progress_user_id_item_id_pk" PRIMARY KEY("user_id","item_id")
);
--> statement-breakpoint
ALTER TABLE "item_high_frequency_weeks" ADD CONSTRAINT "item_high_frequency_weeks_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_favorites" ADD CONSTRAINT "user_favorites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_favorites" ADD CONSTRAINT "user_favorites_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_item_progress" ADD CONSTRAINT "user_item_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_item_progress" ADD CONSTRAINT "user_item_progress_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "item_high_frequency_weeks_item_idx" ON "item_high_frequency_weeks" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "items_type_number_idx" ON "items" USING btree ("type","number");--> statement-breakpoint
CREATE INDEX "items_type_practice_idx" ON "items" USING btree ("type","practice_count","number");--> statement-breakpoint
CREATE INDEX "items_type_updated_idx" ON "items" USING btree ("type","updated_on");--> statement-breakpoint
CREATE INDEX "items_search_idx" ON "items" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "user_favorites_user_label_idx" ON "user_favorites" USING btree ("user_id","label");