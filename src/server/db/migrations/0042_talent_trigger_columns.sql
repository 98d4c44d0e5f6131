-- The talent search's cache counter (migration 0019) bumps only when a column the search
-- reads changes. Its list had missed the columns added since: profile_stated_at (which
-- decides whether gender and profession are shown and filtered on), skill_keys,
-- language_keys and union_status (the filters). A performer who first saved the profile
-- stayed out of a cached `gender=Male` answer on every other instance.
-- talent-cache-trigger.test.ts fails when a column the search reads is missing here.
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
           o.age_years, o.height_cm, o.photo_count, o.video_count, o.audio_count, o.completeness, o.profile_changed_at,
           o.profile_stated_at, o.skill_keys, o.language_keys, o.union_status)
      IS DISTINCT FROM (n.role, n.visibility, n.fname, n.gender, n.category, n.location, n.profile_pic, n.age, n.height,
           n.age_years, n.height_cm, n.photo_count, n.video_count, n.audio_count, n.completeness, n.profile_changed_at,
           n.profile_stated_at, n.skill_keys, n.language_keys, n.union_status)
  ) THEN
    RETURN NULL;
  END IF;
  INSERT INTO change_counters (name, version) VALUES ('performers', 1)
  ON CONFLICT (name) DO UPDATE SET version = change_counters.version + 1;
  RETURN NULL;
END;
$$;
