ALTER TABLE "items" ADD COLUMN "title_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', title)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "items_number_idx" ON "items" USING btree ("number");--> statement-breakpoint
CREATE INDEX "items_title_search_idx" ON "items" USING gin ("title_vector");