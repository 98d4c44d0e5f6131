CREATE TABLE "studio_names" (
	"folded" text PRIMARY KEY NOT NULL,
	"studios" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "studio_names_trgm" ON "studio_names" USING gin ("folded" gin_trgm_ops);--> statement-breakpoint
-- studio_names holds every live studio's folded name and how many live studios bear it.
-- The studio search's typo tier ranks these names by word similarity instead of every
-- studio: a name shared by many studios is ranked once, and the rows read are short, with
-- search_fold already applied (docs/performance.md). One function follows every write to
-- studios: it works out each name's change in live studios (deleted_at null), adds them
-- in one upsert taken in the names' order (two statements lock the names they share in
-- the same order, so they cannot deadlock), then drops the names no live studio bears.
CREATE OR REPLACE FUNCTION studio_names_follow() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  names text[];
  changes int[];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM studio_names;
    RETURN NULL;
  ELSIF TG_OP = 'INSERT' THEN
    SELECT array_agg(folded ORDER BY folded), array_agg(n ORDER BY folded) INTO names, changes
    FROM (SELECT search_fold(fname) AS folded, count(*)::int AS n FROM new_rows WHERE deleted_at IS NULL GROUP BY 1) d;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(folded ORDER BY folded), array_agg(n ORDER BY folded) INTO names, changes
    FROM (SELECT search_fold(fname) AS folded, -count(*)::int AS n FROM old_rows WHERE deleted_at IS NULL GROUP BY 1) d;
  ELSE
    SELECT array_agg(folded ORDER BY folded), array_agg(n ORDER BY folded) INTO names, changes
    FROM (
      SELECT folded, sum(n)::int AS n FROM (
        SELECT search_fold(o.fname) AS folded, -1 AS n FROM old_rows o JOIN new_rows w ON w.id = o.id
        WHERE o.deleted_at IS NULL AND (o.fname <> w.fname OR w.deleted_at IS NOT NULL)
        UNION ALL
        SELECT search_fold(w.fname), 1 FROM old_rows o JOIN new_rows w ON w.id = o.id
        WHERE w.deleted_at IS NULL AND (o.fname <> w.fname OR o.deleted_at IS NOT NULL)
      ) moved GROUP BY folded HAVING sum(n) <> 0
    ) d;
  END IF;
  IF names IS NULL THEN
    RETURN NULL;
  END IF;
  INSERT INTO studio_names AS s (folded, studios)
  SELECT folded, n FROM unnest(names, changes) AS d (folded, n) ORDER BY folded
  ON CONFLICT (folded) DO UPDATE SET studios = s.studios + excluded.studios;
  DELETE FROM studio_names WHERE folded = ANY (names) AND studios <= 0;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- One trigger per event: PostgreSQL allows transition tables only on single-event triggers.
CREATE TRIGGER studio_names_inserted
AFTER INSERT ON studios REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION studio_names_follow();
--> statement-breakpoint
CREATE TRIGGER studio_names_updated
AFTER UPDATE ON studios REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION studio_names_follow();
--> statement-breakpoint
CREATE TRIGGER studio_names_deleted
AFTER DELETE ON studios REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION studio_names_follow();
--> statement-breakpoint
CREATE TRIGGER studio_names_truncated
AFTER TRUNCATE ON studios
FOR EACH STATEMENT EXECUTE FUNCTION studio_names_follow();
--> statement-breakpoint
INSERT INTO studio_names (folded, studios)
SELECT search_fold(fname), count(*)::int FROM studios WHERE deleted_at IS NULL GROUP BY 1;
