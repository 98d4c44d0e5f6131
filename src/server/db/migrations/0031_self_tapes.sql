-- Self-tape requests (docs/self-tapes.md): the studios' sides, the requests with their tapes, and the review links.
CREATE TABLE "studio_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"studio_id" uuid NOT NULL,
	"storage_key" text NOT NULL,
	"pages" integer NOT NULL,
	"size" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tape_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"job_id" uuid NOT NULL,
	"performer_id" uuid,
	"instructions" text DEFAULT '' NOT NULL,
	"sides_file_id" uuid,
	"sides_pages" integer,
	"deadline" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"decline_reason" text DEFAULT '' NOT NULL,
	"retake_note" text DEFAULT '' NOT NULL,
	"retake_used" boolean DEFAULT false NOT NULL,
	"tape_id" uuid,
	"tape_key" text,
	"tape_submitted_at" timestamp with time zone,
	"tape_watched_at" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"studio_id" uuid NOT NULL,
	"job_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"application_ids" uuid[] NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "studio_files" ADD CONSTRAINT "studio_files_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tape_requests" ADD CONSTRAINT "tape_requests_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tape_requests" ADD CONSTRAINT "tape_requests_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tape_requests" ADD CONSTRAINT "tape_requests_performer_id_users_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tape_requests" ADD CONSTRAINT "tape_requests_sides_file_id_studio_files_id_fk" FOREIGN KEY ("sides_file_id") REFERENCES "public"."studio_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_links" ADD CONSTRAINT "review_links_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_links" ADD CONSTRAINT "review_links_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "studio_files_studio_idx" ON "studio_files" USING btree ("studio_id");--> statement-breakpoint
CREATE INDEX "tape_requests_performer_idx" ON "tape_requests" USING btree ("performer_id","created_at");--> statement-breakpoint
CREATE INDEX "tape_requests_application_idx" ON "tape_requests" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "tape_requests_tape_idx" ON "tape_requests" USING btree ("tape_id");--> statement-breakpoint
CREATE INDEX "tape_requests_open_idx" ON "tape_requests" USING btree ("deadline") WHERE "tape_requests"."status" in ('requested', 'accepted', 'retake');--> statement-breakpoint
CREATE INDEX "review_links_studio_idx" ON "review_links" USING btree ("studio_id","created_at");
