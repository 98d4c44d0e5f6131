-- The talent search's tiers (docs/performance.md, "The talent search on a miss"). The whole name is an equality, and a name that starts with the text a range, of this btree, in the search's order after the name: the first tier is walked in order and stops at the page.
CREATE INDEX "users_talent_name_idx" ON "users" USING btree ((lower("fname") collate "C"),"completeness","profile_changed_at","id") WHERE "users"."role" = 'performer' and "users"."visibility" = 'public';--> statement-breakpoint
-- The text after its first letter: the last tiers' matches, whose names do not start with the text, are found here without the names that do (the second tier's).
CREATE INDEX "users_talent_text_after_first_trgm" ON "users" USING gin ((substr("fname" || ' ' || "category" || ' ' || "location", 2)) gin_trgm_ops) WHERE "users"."role" = 'performer' and "users"."visibility" = 'public';--> statement-breakpoint
-- A partial index's expression statistics are not used for estimates; these are, so the planner of each tier sees how many names match its text.
CREATE STATISTICS IF NOT EXISTS "users_talent_name_stats" ON (lower("fname") collate "C") FROM "users";--> statement-breakpoint
ANALYZE "users";
--> statement-breakpoint
-- The trigram index of the whole text: no statement reads it once the tiers find the text after its first letter (the index above) and the names that start with it (users_talent_name_idx).
DROP INDEX IF EXISTS "users_talent_text_trgm";
