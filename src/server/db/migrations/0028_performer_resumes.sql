-- The performer's résumé (docs/resume.md): its lists in performer_resumes, and on users
-- what the talent search filters on (folded skill and language names, union status) and
-- the weight text read as kilograms, beside height_cm (migration 0015).
CREATE TABLE "performer_resumes" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"credits" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"training" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"skills" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"languages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"accents" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"union_name" text DEFAULT '' NOT NULL,
	"representation" jsonb,
	"measurements" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "performer_resumes" ADD CONSTRAINT "performer_resumes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "weight_kg" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "skill_keys" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "language_keys" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "union_status" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
CREATE INDEX "users_talent_skills_idx" ON "users" USING gin ("skill_keys") WHERE "users"."role" = 'performer' and "users"."visibility" = 'public';--> statement-breakpoint
CREATE INDEX "users_talent_languages_idx" ON "users" USING gin ("language_keys") WHERE "users"."role" = 'performer' and "users"."visibility" = 'public';--> statement-breakpoint
CREATE INDEX "users_talent_union_idx" ON "users" USING btree ("union_status","completeness","profile_changed_at","id") WHERE "users"."role" = 'performer' and "users"."visibility" = 'public' and "users"."union_status" <> 'none';--> statement-breakpoint
-- "70", "70 kg", "70kgs", "70.5 kilos", "154 lb", "154 lbs", "154 pounds"; anything else,
-- or a weight outside 20–250 kg, is null.
CREATE OR REPLACE FUNCTION talent_weight_kg(raw text) RETURNS integer
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  s text := lower(btrim(coalesce(raw, '')));
  m text[];
  kg numeric;
BEGIN
  IF s = '' OR length(s) > 40 THEN RETURN NULL; END IF;
  m := regexp_match(s, '^(\d{2,3}(?:\.\d+)?)\s*(?:kg|kgs|kilo|kilos|kilograms?)?$');
  IF m IS NOT NULL THEN
    kg := m[1]::numeric;
  ELSE
    m := regexp_match(s, '^(\d{2,3}(?:\.\d+)?)\s*(?:lb|lbs|pounds?)$');
    IF m IS NULL THEN RETURN NULL; END IF;
    kg := m[1]::numeric * 0.45359237;
  END IF;
  IF kg < 20 OR kg > 250 THEN RETURN NULL; END IF;
  RETURN round(kg)::integer;
END;
$$;
--> statement-breakpoint
-- Its own trigger beside users_talent_fields (migration 0015), so neither replaces the other.
CREATE OR REPLACE FUNCTION users_resume_fields() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.weight_kg := talent_weight_kg(NEW.weight);
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_resume_fields BEFORE INSERT OR UPDATE ON users
FOR EACH ROW EXECUTE FUNCTION users_resume_fields();
--> statement-breakpoint
UPDATE users SET weight_kg = talent_weight_kg(weight) WHERE weight <> '';
