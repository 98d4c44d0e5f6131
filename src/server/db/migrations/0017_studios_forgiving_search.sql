-- The forgiving studio search (docs/screens.md): accents and letter case folded away,
-- small typos found by trigram word similarity.
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
-- unaccent() is only STABLE (it reads its dictionary through the search path), so it cannot
-- be indexed; naming the function and the dictionary by schema makes this IMMUTABLE wrapper safe.
CREATE OR REPLACE FUNCTION search_fold(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, $1)) $$;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "studios_fname_fold_c" ON "studios" USING btree ((search_fold("fname")) collate "C");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "studios_fname_fold_trgm" ON "studios" USING gin (search_fold("fname") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "studios_location_fold_trgm" ON "studios" USING gin (search_fold("location") gin_trgm_ops);
