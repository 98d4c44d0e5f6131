-- Bumps change_counters('jobs') once per statement that writes jobs (a studio's own
-- edits, the deadline sweep, reports hiding a job, a studio's deletion cascading), so
-- the job board's answers can be cached by version on every instance
-- (docs/performance.md). The counter's NOTIFY (migration 0005) spreads it.
CREATE TRIGGER jobs_changed
AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON jobs
FOR EACH STATEMENT EXECUTE FUNCTION bump_change_counter('jobs');
--> statement-breakpoint
INSERT INTO change_counters (name, version) VALUES ('jobs', 1) ON CONFLICT (name) DO NOTHING;
