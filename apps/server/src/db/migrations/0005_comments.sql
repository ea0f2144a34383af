CREATE TABLE "item_comments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"item_id" text NOT NULL,
	"attempt_id" bigint NOT NULL,
	"score_type" smallint NOT NULL,
	"source" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"score" integer NOT NULL,
	"max" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "item_comments" ADD CONSTRAINT "item_comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_comments" ADD CONSTRAINT "item_comments_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_comments" ADD CONSTRAINT "item_comments_attempt_id_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "item_comments_attempt_key" ON "item_comments" USING btree ("attempt_id");--> statement-breakpoint
CREATE INDEX "item_comments_item_created_idx" ON "item_comments" USING btree ("item_id","created_at");--> statement-breakpoint
CREATE INDEX "item_comments_item_score_idx" ON "item_comments" USING btree ("item_id","score");--> statement-breakpoint
CREATE INDEX "item_comments_user_idx" ON "item_comments" USING btree ("user_id");