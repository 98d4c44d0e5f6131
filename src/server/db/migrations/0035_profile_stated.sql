-- Defaults are not choices (docs/talent.md, "Stated, not defaulted"): when the performer first saved the profile form.
ALTER TABLE "users" ADD COLUMN "profile_stated_at" timestamp with time zone;--> statement-breakpoint
-- A profile already away from the form's defaults (Mr., Male, Actor) was saved by its performer.
UPDATE "users" SET "profile_stated_at" = "profile_changed_at" WHERE "role" = 'performer' AND ("pronoun" <> 'Mr.' OR "gender" <> 'Male' OR "category" <> 'Actor');
