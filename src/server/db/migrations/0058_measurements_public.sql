-- Chest, waist and hips go only to studios the performer applied to, unless the performer
-- shows them to everyone (docs/resume.md, "Who sees measurements").
ALTER TABLE "performer_resumes" ADD COLUMN "measurements_public" boolean DEFAULT false NOT NULL;
