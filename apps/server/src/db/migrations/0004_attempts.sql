CREATE TABLE "attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"item_id" text NOT NULL,
	"type" text NOT NULL,
	"answer" jsonb NOT NULL,
	"score" integer NOT NULL,
	"max" integer NOT NULL,
	"result" jsonb NOT NULL,
	"scoring_profile" text NOT NULL,
	"time_spent_seconds" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "attempts" ADD CONSTRAINT "attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attempts" ADD CONSTRAINT "attempts_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "attempts_user_key_idx" ON "attempts" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "attempts_user_item_idx" ON "attempts" USING btree ("user_id","item_id","created_at");