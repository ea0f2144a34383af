-- 学习中心 reads a learner's attempts by time (days, hours, weeks in their zone) and the mistake
-- book by item: one index serves both without touching the rows (index-only scans).
CREATE INDEX IF NOT EXISTS "attempts_user_created_cover_idx" ON "attempts" USING btree ("user_id","created_at") INCLUDE ("type","score","max","item_id");
