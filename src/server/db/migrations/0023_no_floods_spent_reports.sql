ALTER TABLE "applications" ADD COLUMN "moved_mail_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "job_reports" ADD COLUMN "spent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "collapse_key" text;--> statement-breakpoint
CREATE INDEX "notifications_collapse_idx" ON "notifications" USING btree ("collapse_key") WHERE "notifications"."read_at" is null and "notifications"."collapse_key" is not null;
