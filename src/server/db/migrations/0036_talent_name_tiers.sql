-- The talent search's name tiers (docs/performance.md, "The talent search on a miss"): a whole name is an equality and a name that starts with the text a range of this btree, in the search's order after the name, so the first tier is walked in order and stops at the page.
CREATE INDEX "users_talent_name_idx" ON "users" USING btree ((lower("fname") collate "C"),"completeness","profile_changed_at","id") WHERE "users"."role" = 'performer' and "users"."visibility" = 'public';--> statement-breakpoint
-- A partial index's expression statistics are not used for estimates; these are, so each tier's planner sees how many names match its text and chooses between walking users_talent_order_idx and sorting the matches.
CREATE STATISTICS IF NOT EXISTS "users_talent_name_stats" ON (lower("fname") collate "C") FROM "users";--> statement-breakpoint
ANALYZE "users";
