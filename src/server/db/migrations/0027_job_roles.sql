-- A job's roles (docs/marketplace.md, "Roles and pay"): each with its own breakdown, pay
-- and status. Every existing job becomes a one-role job (name = its title, pay null: "Pay
-- not stated"), and every application points at its job's role.
CREATE TABLE "job_roles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"profession" text DEFAULT 'Any' NOT NULL,
	"gender" text DEFAULT 'Any' NOT NULL,
	"age_min" integer DEFAULT 0 NOT NULL,
	"age_max" integer DEFAULT 0 NOT NULL,
	"skills" text[] DEFAULT '{}'::text[] NOT NULL,
	"languages" text[] DEFAULT '{}'::text[] NOT NULL,
	"pay_kind" text,
	"pay_amount" integer,
	"pay_unit" text,
	"status" text DEFAULT 'open' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "job_roles" ADD CONSTRAINT "job_roles_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_roles_job_idx" ON "job_roles" USING btree ("job_id","position");--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "role_id" uuid;--> statement-breakpoint
-- NO ACTION, checked at the statement's end: a role somebody applied to cannot be deleted,
-- while a job's (or a studio's) deletion, which cascades to both, still can.
ALTER TABLE "applications" ADD CONSTRAINT "applications_role_id_job_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."job_roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
INSERT INTO "job_roles" ("job_id", "position", "name", "profession", "gender", "age_min", "age_max")
SELECT "id", 0, left(CASE WHEN btrim("title") = '' THEN "job_type" ELSE "title" END, 80), "profession", "gender", "age_min", "age_max" FROM "jobs";--> statement-breakpoint
UPDATE "applications" a SET "role_id" = r."id" FROM "job_roles" r WHERE r."job_id" = a."job_id";--> statement-breakpoint
ALTER TABLE "applications" DROP CONSTRAINT "applications_job_performer";--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_role_performer" UNIQUE("role_id","performer_id");--> statement-breakpoint
-- A job inserted without roles (the spec's calls, the demo seed, any direct insert) gets
-- one made from its own fields, so every job has a role to apply to. The studio's calls
-- that send roles replace it in the same transaction.
CREATE OR REPLACE FUNCTION job_default_role() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO job_roles (job_id, position, name, profession, gender, age_min, age_max)
  SELECT id, 0, left(CASE WHEN btrim(title) = '' THEN job_type ELSE title END, 80), profession, gender, age_min, age_max FROM new_rows;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER jobs_default_role AFTER INSERT ON jobs REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION job_default_role();--> statement-breakpoint
-- An application inserted without a role (a client of the one-role calls, a direct insert)
-- is to its job's first role.
CREATE OR REPLACE FUNCTION application_default_role() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.role_id IS NULL THEN
    SELECT id INTO NEW.role_id FROM job_roles WHERE job_id = NEW.job_id ORDER BY position, id LIMIT 1;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER applications_default_role BEFORE INSERT ON applications FOR EACH ROW EXECUTE FUNCTION application_default_role();--> statement-breakpoint
-- The board's cached answers carry the roles: a change to them moves the jobs counter on,
-- as a change to jobs does (migration 0011).
CREATE TRIGGER job_roles_changed
AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON job_roles
FOR EACH STATEMENT EXECUTE FUNCTION bump_change_counter('jobs');
