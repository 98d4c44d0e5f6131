-- The talent search's frequent words (docs/performance.md, "Frequent words"): each public
-- performer's name, profession and location cut into words of ASCII letters and digits,
-- each row carrying the search's order (completeness, profile_changed_at, id), so the rows
-- of one word are walked in that order and stopped at the page instead of every match read
-- and sorted. A text of letters and digits only is held by a row's text exactly when one of
-- the row's words holds it (a word ends where the text would have to cross a space).
CREATE TABLE talent_terms (
  term text NOT NULL,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  in_name boolean NOT NULL,
  completeness integer NOT NULL,
  profile_changed_at timestamp with time zone NOT NULL,
  CONSTRAINT talent_terms_term_user_id_pk PRIMARY KEY (term, user_id)
);
--> statement-breakpoint
CREATE INDEX talent_terms_order_idx ON talent_terms (term, in_name, completeness, profile_changed_at, user_id);
--> statement-breakpoint
CREATE INDEX talent_terms_user_idx ON talent_terms (user_id);
--> statement-breakpoint
-- The words a text is part of are looked up here (a few thousand names and places), not in
-- talent_terms' hundreds of thousands of rows. A word is added, never removed: one no row
-- holds any more finds nothing.
CREATE TABLE talent_words (
  term text PRIMARY KEY
);
--> statement-breakpoint
CREATE INDEX talent_words_trgm ON talent_words USING gin (term gin_trgm_ops);
--> statement-breakpoint
-- A row's words, lowered as ILIKE lowers (so a word holds the text exactly when ILIKE
-- would find it), each marked when the name has it.
CREATE OR REPLACE FUNCTION talent_terms_of(fname text, category text, location text)
RETURNS TABLE (term text, in_name boolean) LANGUAGE sql IMMUTABLE AS $$
  SELECT w, bool_or(n) FROM (
    SELECT regexp_split_to_table(lower(fname), '[^a-z0-9]+') AS w, true AS n
    UNION ALL
    SELECT regexp_split_to_table(lower(category || ' ' || location), '[^a-z0-9]+'), false
  ) words
  WHERE w <> ''
  GROUP BY w
$$;
--> statement-breakpoint
-- New words go into talent_words in one order, so two writers adding the same words wait
-- for each other instead of deadlocking.
CREATE OR REPLACE FUNCTION talent_terms_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH added AS (
    INSERT INTO talent_terms (term, user_id, in_name, completeness, profile_changed_at)
    SELECT t.term, n.id, t.in_name, n.completeness, n.profile_changed_at
    FROM new_rows n, talent_terms_of(n.fname, n.category, n.location) t
    WHERE n.role = 'performer' AND n.visibility = 'public'
    RETURNING term
  )
  INSERT INTO talent_words (term) SELECT DISTINCT term FROM added ORDER BY term ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Only the rows whose words or order moved are rewritten: a login or a plan leaves them alone.
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
    INSERT INTO talent_terms (term, user_id, in_name, completeness, profile_changed_at)
    SELECT t.term, n.id, t.in_name, n.completeness, n.profile_changed_at
    FROM new_rows n, talent_terms_of(n.fname, n.category, n.location) t
    WHERE n.id = ANY (moved) AND n.role = 'performer' AND n.visibility = 'public'
    RETURNING term
  )
  INSERT INTO talent_words (term) SELECT DISTINCT term FROM added ORDER BY term ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER talent_terms_inserted
AFTER INSERT ON users REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION talent_terms_inserted();
--> statement-breakpoint
CREATE TRIGGER talent_terms_updated
AFTER UPDATE ON users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION talent_terms_updated();
--> statement-breakpoint
-- The performers there already.
WITH added AS (
  INSERT INTO talent_terms (term, user_id, in_name, completeness, profile_changed_at)
  SELECT t.term, u.id, t.in_name, u.completeness, u.profile_changed_at
  FROM users u, talent_terms_of(u.fname, u.category, u.location) t
  WHERE u.role = 'performer' AND u.visibility = 'public'
  RETURNING term
)
INSERT INTO talent_words (term) SELECT DISTINCT term FROM added ORDER BY term ON CONFLICT DO NOTHING;
