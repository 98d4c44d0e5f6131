-- A performer's unavailable days and a job's shoot dates (docs/talent.md, "Availability").
-- Each range is whole days, from_date <= to_date; the note is the performer's own and never
-- leaves their own answers.
CREATE TABLE performer_unavailability (
  id bigserial PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  from_date date NOT NULL,
  to_date date NOT NULL,
  note text NOT NULL DEFAULT '',
  CONSTRAINT performer_unavailability_order CHECK (from_date <= to_date)
);
--> statement-breakpoint
-- The talent search's NOT EXISTS and the applicant answers read a performer's ranges by user.
CREATE INDEX performer_unavailability_user_idx ON performer_unavailability (user_id, from_date, to_date);
--> statement-breakpoint
-- The talent search's answers depend on these rows (the availableFrom/availableTo filter), so
-- any write to them moves the search's cached version (docs/performance.md).
CREATE TRIGGER performer_unavailability_changed
AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON performer_unavailability
FOR EACH STATEMENT EXECUTE FUNCTION bump_change_counter('performers');
--> statement-breakpoint
ALTER TABLE jobs ADD COLUMN shoot_dates jsonb NOT NULL DEFAULT '[]'::jsonb;
