-- The talent search's typo tier (docs/performance.md, "The talent search on a miss"): every
-- public performer's name once, with its folded form (search_fold, migration 0017) under a
-- trigram index, so the names a text is a typo or an accent away from are ranked among a few
-- thousand distinct names, not among every performer's row (a common first name offered
-- 3 125 rows to recheck, each folded again). The rows are then found by their name on
-- users_talent_name_idx. A name is added, never removed: one no row holds any more finds nothing.
CREATE TABLE talent_names (
  fname text PRIMARY KEY,
  folded text NOT NULL
);
--> statement-breakpoint
CREATE INDEX talent_names_folded_trgm ON talent_names USING gin (folded gin_trgm_ops);
--> statement-breakpoint
-- New names go in in one order, so two writers adding the same names wait for each other instead of deadlocking.
CREATE OR REPLACE FUNCTION talent_names_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO talent_names (fname, folded)
  SELECT DISTINCT n.fname, search_fold(n.fname) FROM new_rows n
  WHERE n.role = 'performer' AND n.visibility = 'public'
  ORDER BY 1 ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Only a row whose name or being listed changed: a login or a plan adds nothing.
CREATE OR REPLACE FUNCTION talent_names_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO talent_names (fname, folded)
  SELECT DISTINCT n.fname, search_fold(n.fname) FROM old_rows o JOIN new_rows n ON n.id = o.id
  WHERE n.role = 'performer' AND n.visibility = 'public'
    AND (o.role, o.visibility, o.fname) IS DISTINCT FROM (n.role, n.visibility, n.fname)
  ORDER BY 1 ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER talent_names_inserted
AFTER INSERT ON users REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION talent_names_inserted();
--> statement-breakpoint
CREATE TRIGGER talent_names_updated
AFTER UPDATE ON users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION talent_names_updated();
--> statement-breakpoint
-- The performers there already.
INSERT INTO talent_names (fname, folded)
SELECT DISTINCT fname, search_fold(fname) FROM users
WHERE role = 'performer' AND visibility = 'public'
ORDER BY 1 ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Read by nothing now: the typo tier ranks talent_names.
DROP INDEX IF EXISTS users_talent_name_fold_trgm;
