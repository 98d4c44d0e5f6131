-- The talent search's tier of "a name holding the text" (docs/performance.md, "The talent
-- search on a miss") leaves out the names that start with the text, found by the tier before
-- it. A word the name starts with is marked (`leads`): when the word itself starts with the
-- text, every row it leads has a name starting with the text, so that tier walks only the
-- rows the word does not lead (talent_terms_inner_idx), where it read every row of the word
-- and their users rows to find none ("priya" with every filter: 3 125 rows for nothing).
ALTER TABLE talent_terms ADD COLUMN leads boolean NOT NULL DEFAULT false;
--> statement-breakpoint
DROP FUNCTION IF EXISTS talent_terms_of(text, text, text);
--> statement-breakpoint
-- A row's words, lowered as ILIKE lowers (so a word holds the text exactly when ILIKE would
-- find it), each marked when the name has it and when the lowered name starts with it.
CREATE FUNCTION talent_terms_of(fname text, category text, location text)
RETURNS TABLE (term text, in_name boolean, leads boolean) LANGUAGE sql IMMUTABLE AS $$
  SELECT w, bool_or(n), bool_or(n) AND starts_with(lower(fname), w) FROM (
    SELECT regexp_split_to_table(lower(fname), '[^a-z0-9]+') AS w, true AS n
    UNION ALL
    SELECT regexp_split_to_table(lower(category || ' ' || location), '[^a-z0-9]+'), false
  ) words
  WHERE w <> ''
  GROUP BY w
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION talent_terms_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH added AS (
    INSERT INTO talent_terms (term, user_id, in_name, leads, completeness, profile_changed_at)
    SELECT t.term, n.id, t.in_name, t.leads, n.completeness, n.profile_changed_at
    FROM new_rows n, talent_terms_of(n.fname, n.category, n.location) t
    WHERE n.role = 'performer' AND n.visibility = 'public'
    RETURNING term
  )
  INSERT INTO talent_words (term) SELECT DISTINCT term FROM added ORDER BY term ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION talent_terms_updated() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  moved uuid[];
BEGIN
  SELECT array_agg(n.id) INTO moved FROM old_rows o JOIN new_rows n ON n.id = o.id
  WHERE (o.role, o.visibility, o.fname, o.category, o.location, o.completeness, o.profile_changed_at)
    IS DISTINCT FROM (n.role, n.visibility, n.fname, n.category, n.location, n.completeness, n.profile_changed_at);
  IF moved IS NULL THEN RETURN NULL; END IF;
  DELETE FROM talent_terms WHERE user_id = ANY (moved);
  WITH added AS (
    INSERT INTO talent_terms (term, user_id, in_name, leads, completeness, profile_changed_at)
    SELECT t.term, n.id, t.in_name, t.leads, n.completeness, n.profile_changed_at
    FROM new_rows n, talent_terms_of(n.fname, n.category, n.location) t
    WHERE n.id = ANY (moved) AND n.role = 'performer' AND n.visibility = 'public'
    RETURNING term
  )
  INSERT INTO talent_words (term) SELECT DISTINCT term FROM added ORDER BY term ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- The words there already.
UPDATE talent_terms t SET leads = true FROM users u
WHERE u.id = t.user_id AND t.in_name AND starts_with(lower(u.fname), t.term);
--> statement-breakpoint
CREATE INDEX talent_terms_inner_idx ON talent_terms (term, completeness, profile_changed_at, user_id) WHERE in_name AND NOT leads;
