CREATE TABLE "bank_state" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_state_one_row" CHECK ("bank_state"."id" = 1)
);
--> statement-breakpoint
INSERT INTO "bank_state" ("id", "version") VALUES (1, 1);
--> statement-breakpoint
-- Any change to what every learner sees of the bank raises the version in the changing
-- transaction, whoever writes it (import, tests, bench); a learner's practice count does not.
CREATE FUNCTION "bump_bank_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "bank_state" SET "version" = "version" + 1, "changed_at" = now() WHERE "id" = 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "items_bank_version_write" AFTER INSERT OR DELETE OR TRUNCATE ON "items"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_bank_version"();
--> statement-breakpoint
CREATE TRIGGER "items_bank_version_update" AFTER UPDATE OF "id", "type", "number", "title",
  "difficulty", "topics", "content", "answer_key", "explanation_zh", "updated_on", "is_full",
  "search_text", "source_hash" ON "items"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_bank_version"();
--> statement-breakpoint
CREATE TRIGGER "item_high_frequency_weeks_bank_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
  ON "item_high_frequency_weeks" FOR EACH STATEMENT EXECUTE FUNCTION "bump_bank_version"();
