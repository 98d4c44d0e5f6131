-- Bumps change_counters('performers') once per statement that changes what a talent
-- search answer (GET /api/studio/talent, docs/talent.md) shows or how it is ordered, so
-- those answers can be cached by version on every instance (docs/performance.md). The
-- counter's NOTIFY (migration 0005) spreads it.
--
-- Only a public performer's row counts, before or after the write, and only the columns
-- the search reads: the card (name, gender, profession, location, picture, age, height,
-- media counts), the filters (age_years, height_cm), the order (completeness,
-- profile_changed_at, which moves with every other profile field) and who is listed
-- (role, visibility). Logins, token versions, plans, e-mail choices and private
-- profiles leave it alone: they would only empty the cache.
CREATE OR REPLACE FUNCTION talent_listed_rows_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NOT EXISTS (SELECT 1 FROM new_rows n WHERE n.role = 'performer' AND n.visibility = 'public') THEN RETURN NULL; END IF;
  ELSIF TG_OP = 'DELETE' THEN
    IF NOT EXISTS (SELECT 1 FROM old_rows o WHERE o.role = 'performer' AND o.visibility = 'public') THEN RETURN NULL; END IF;
  ELSIF NOT EXISTS (
    SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE ((o.role = 'performer' AND o.visibility = 'public') OR (n.role = 'performer' AND n.visibility = 'public'))
      AND (o.role, o.visibility, o.fname, o.gender, o.category, o.location, o.profile_pic, o.age, o.height,
           o.age_years, o.height_cm, o.photo_count, o.video_count, o.audio_count, o.completeness, o.profile_changed_at)
      IS DISTINCT FROM (n.role, n.visibility, n.fname, n.gender, n.category, n.location, n.profile_pic, n.age, n.height,
           n.age_years, n.height_cm, n.photo_count, n.video_count, n.audio_count, n.completeness, n.profile_changed_at)
  ) THEN
    RETURN NULL;
  END IF;
  INSERT INTO change_counters (name, version) VALUES ('performers', 1)
  ON CONFLICT (name) DO UPDATE SET version = change_counters.version + 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- One trigger per event: PostgreSQL allows transition tables only on single-event triggers.
CREATE TRIGGER performers_inserted
AFTER INSERT ON users REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION talent_listed_rows_changed();
--> statement-breakpoint
CREATE TRIGGER performers_updated
AFTER UPDATE ON users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION talent_listed_rows_changed();
--> statement-breakpoint
CREATE TRIGGER performers_deleted
AFTER DELETE ON users REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION talent_listed_rows_changed();
--> statement-breakpoint
CREATE TRIGGER performers_truncated
AFTER TRUNCATE ON users
FOR EACH STATEMENT EXECUTE FUNCTION bump_change_counter('performers');
--> statement-breakpoint
INSERT INTO change_counters (name, version) VALUES ('performers', 1) ON CONFLICT (name) DO NOTHING;
