-- Talent search (docs/talent.md): the height and age texts read as numbers, the media
-- counts and the completeness of a profile, kept on the users row by triggers so every
-- writer (profile saves, media calls, seeds) keeps them current and the filters use indexes.

-- "172 cm", "172", "1.72 m", "1.72", "5'8\"", "5 ft 8 in", "5 feet 8 inches"; anything
-- else, or a height outside 50–275 cm, is null and matches no height bound.
CREATE OR REPLACE FUNCTION talent_height_cm(raw text) RETURNS integer
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  s text := lower(btrim(coalesce(raw, '')));
  m text[];
  cm numeric;
BEGIN
  IF s = '' OR length(s) > 40 THEN RETURN NULL; END IF;
  s := translate(s, '’‘′”″“', '''''''"""');
  m := regexp_match(s, '^(\d{2,3}(?:\.\d+)?)\s*(?:cm|cms|centimet(?:er|re)s?)?$');
  IF m IS NOT NULL THEN
    cm := m[1]::numeric;
  ELSE
    m := regexp_match(s, '^(\d(?:\.\d+)?)\s*(?:m|mt|mtr|mtrs|met(?:er|re)s?)?$');
    IF m IS NOT NULL THEN
      cm := m[1]::numeric * 100;
    ELSE
      m := regexp_match(s, '^(\d)\s*(?:''|ft\.?|feet|foot)\s*(?:(\d{1,2}(?:\.\d+)?)\s*(?:"|''''|in\.?|inch|inches)?)?$');
      IF m IS NULL OR coalesce(m[2]::numeric, 0) >= 12 THEN RETURN NULL; END IF;
      cm := m[1]::numeric * 30.48 + coalesce(m[2]::numeric, 0) * 2.54;
    END IF;
  END IF;
  IF cm < 50 OR cm > 275 THEN RETURN NULL; END IF;
  RETURN round(cm)::integer;
END;
$$;
--> statement-breakpoint
-- "24", "24 years", "24 yrs old": whole years from 1 to 120; anything else is null.
CREATE OR REPLACE FUNCTION talent_age_years(raw text) RETURNS integer
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  s text := lower(btrim(coalesce(raw, '')));
  m text[];
BEGIN
  IF s = '' OR length(s) > 40 THEN RETURN NULL; END IF;
  m := regexp_match(s, '^(\d{1,3})\s*(?:y|yr|yrs|year|years)?\.?(?:\s*old)?$');
  IF m IS NULL OR m[1]::integer < 1 OR m[1]::integer > 120 THEN RETURN NULL; END IF;
  RETURN m[1]::integer;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION users_talent_fields() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.height_cm := talent_height_cm(NEW.height);
  NEW.age_years := talent_age_years(NEW.age);
  NEW.completeness := (NEW.profile_pic <> '')::integer + (NEW.location <> '')::integer + (NEW.age <> '')::integer
    + (NEW.height <> '')::integer + (NEW.weight <> '')::integer + (NEW.body_type <> '')::integer
    + (NEW.hair_color <> '')::integer + (NEW.eye_color <> '')::integer + (NEW.profile_url <> '')::integer
    + (NEW.photo_count > 0)::integer + (NEW.video_count > 0)::integer + (NEW.audio_count > 0)::integer;
  -- Freshness is the profile's: a plan bought or a password changed is not news to a studio.
  IF TG_OP = 'UPDATE' AND (NEW.fname, NEW.gender, NEW.category, NEW.profile_url, NEW.visibility, NEW.profile_pic, NEW.location,
      NEW.age, NEW.height, NEW.weight, NEW.body_type, NEW.hair_color, NEW.eye_color, NEW.photo_count, NEW.video_count, NEW.audio_count)
    IS DISTINCT FROM (OLD.fname, OLD.gender, OLD.category, OLD.profile_url, OLD.visibility, OLD.profile_pic, OLD.location,
      OLD.age, OLD.height, OLD.weight, OLD.body_type, OLD.hair_color, OLD.eye_color, OLD.photo_count, OLD.video_count, OLD.audio_count) THEN
    NEW.profile_changed_at := now();
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_talent_fields BEFORE INSERT OR UPDATE ON users
FOR EACH ROW EXECUTE FUNCTION users_talent_fields();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION user_media_counts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
  step integer;
BEGIN
  IF TG_OP = 'INSERT' THEN r := NEW; step := 1; ELSE r := OLD; step := -1; END IF;
  UPDATE users SET
    photo_count = photo_count + CASE WHEN r.media_type = 'photos' THEN step ELSE 0 END,
    video_count = video_count + CASE WHEN r.media_type = 'videos' THEN step ELSE 0 END,
    audio_count = audio_count + CASE WHEN r.media_type = 'audios' THEN step ELSE 0 END
  WHERE id = r.user_id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER user_media_counts AFTER INSERT OR DELETE ON user_media
FOR EACH ROW EXECUTE FUNCTION user_media_counts();
--> statement-breakpoint
-- Existing rows: counts from their media, then the trigger above fills the rest.
UPDATE users u SET
  photo_count = (SELECT count(*) FROM user_media m WHERE m.user_id = u.id AND m.media_type = 'photos'),
  video_count = (SELECT count(*) FROM user_media m WHERE m.user_id = u.id AND m.media_type = 'videos'),
  audio_count = (SELECT count(*) FROM user_media m WHERE m.user_id = u.id AND m.media_type = 'audios'),
  profile_changed_at = u.created_at;
