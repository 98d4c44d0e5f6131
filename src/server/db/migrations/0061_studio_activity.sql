-- What performers did that their studio hears of, e-mailed as an hourly digest
-- (docs/applications.md, "The studio hears of what performers do").
CREATE TABLE "studio_activity" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"studio_id" uuid NOT NULL,
	"job_id" uuid NOT NULL,
	"line" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"mailed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "studio_activity" ADD CONSTRAINT "studio_activity_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "studio_activity" ADD CONSTRAINT "studio_activity_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "studio_activity_pending_idx" ON "studio_activity" USING btree ("studio_id") WHERE "studio_activity"."mailed_at" is null;--> statement-breakpoint
CREATE INDEX "studio_activity_mailed_idx" ON "studio_activity" USING btree ("studio_id","mailed_at");
