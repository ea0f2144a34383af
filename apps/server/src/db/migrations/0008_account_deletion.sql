CREATE TABLE "pending_object_deletions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"object_key" text NOT NULL,
	"is_prefix" boolean DEFAULT false NOT NULL,
	"not_before" timestamp with time zone NOT NULL,
	"tries" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "pending_object_deletions_not_before_idx" ON "pending_object_deletions" USING btree ("not_before");