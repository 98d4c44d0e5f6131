-- The market's reads at scale (docs/performance.md): the studio's applicant list in pages walks a job's applications in (created_at, id) order and stops at the page.
CREATE INDEX "applications_job_created_idx" ON "applications" USING btree ("job_id","created_at","id");
