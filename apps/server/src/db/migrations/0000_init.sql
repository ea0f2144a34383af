CREATE TABLE "users" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_code" text DEFAULT replace(gen_random_uuid()::text, '-', '') NOT NULL,
	"phonecode" text,
	"phone" text,
	"nickname" text DEFAULT '' NOT NULL,
	"icon" text,
	"member_level" integer DEFAULT 0 NOT NULL,
	"member_expires_at" timestamp with time zone,
	"is_disabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "users_user_code_key" ON "users" USING btree ("user_code");--> statement-breakpoint
CREATE UNIQUE INDEX "users_phone_key" ON "users" USING btree ("phonecode","phone");--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at");