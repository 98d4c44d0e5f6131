-- The typo tier's near names (docs/performance.md, "The talent search on a miss"): the names
-- of talent_names whose folded form a text is nearly a word of (%>) or near as a whole (%),
-- found through talent_names_folded_trgm. talent_names fits in a few pages, so the planner
-- scans it and works out both similarities for every name (512 in the bench's seed: 19–83 ms
-- on PGlite, 2–3 ms on PostgreSQL), where the index offers a few dozen names to recheck
-- (0.4 ms on PGlite). A function's own setting is the one way to say so for this statement
-- alone; it is planned inside the function, so the caller's plan is not touched. ROWS: a
-- text is near a few names, and at the default estimate (1 000) the caller's check of each
-- word-near name (an index probe) was planned as one scan of every performer, hashed (512 ms
-- for "Rahul Kapor" on PGlite, 18 names).
CREATE OR REPLACE FUNCTION talent_near_names(q text) RETURNS TABLE (fname text, folded text)
  LANGUAGE sql STABLE STRICT
  ROWS 10
  SET enable_seqscan = off
  AS $$ SELECT n.fname, n.folded FROM public.talent_names n WHERE n.folded OPERATOR(public.%>) q OR n.folded OPERATOR(public.%) q $$;
