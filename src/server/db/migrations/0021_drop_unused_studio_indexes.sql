-- No query reads these since the search compares folded text (migration 0017 indexes it), and each slowed every write to studios (docs/screens.md).
DROP INDEX "studios_fname_trgm";--> statement-breakpoint
DROP INDEX "studios_location_trgm";--> statement-breakpoint
DROP INDEX "studios_fname_lower_c";