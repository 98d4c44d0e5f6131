-- Bumps change_counters('studios') once per statement that writes studios, so
-- GET /api/audition/getAllStudio can answer 304 from one primary-key read.
CREATE OR REPLACE FUNCTION bump_change_counter() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO change_counters (name, version) VALUES (TG_ARGV[0], 1)
  ON CONFLICT (name) DO UPDATE SET version = change_counters.version + 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER studios_changed
AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON studios
FOR EACH STATEMENT EXECUTE FUNCTION bump_change_counter('studios');
--> statement-breakpoint
INSERT INTO change_counters (name, version) VALUES ('studios', 1) ON CONFLICT (name) DO NOTHING;
