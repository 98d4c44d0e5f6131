-- The applicant list counts a job's applicants by status and role in the page's own statement (docs/performance.md, "The applicant list in pages"): this index answers that count without reading the table.
CREATE INDEX "applications_job_status_role_idx" ON "applications" USING btree ("job_id","status","role_id");
