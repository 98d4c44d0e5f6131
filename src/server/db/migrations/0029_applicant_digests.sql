-- The studio hears of applicants (docs/applications.md): its e-mail choice, and each job's count of applicants not yet mailed.
ALTER TABLE "users" ADD COLUMN "email_applicants" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE TABLE "applicant_digests" (
	"job_id" uuid PRIMARY KEY NOT NULL,
	"pending" integer DEFAULT 0 NOT NULL,
	"mailed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "applicant_digests" ADD CONSTRAINT "applicant_digests_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "applicant_digests_pending_idx" ON "applicant_digests" USING btree ("job_id") WHERE "applicant_digests"."pending" > 0;
