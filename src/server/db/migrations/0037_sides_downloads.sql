-- Every stamped download of sides, with the line stamped on it (docs/self-tapes.md, "Sides"): who took which copy, and when. The line names the performer's e-mail, so the rows go with their account.
CREATE TABLE "sides_downloads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tape_request_id" uuid NOT NULL,
	"performer_id" uuid NOT NULL,
	"studio_file_id" uuid,
	"stamp" text NOT NULL,
	"downloaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sides_downloads" ADD CONSTRAINT "sides_downloads_tape_request_id_tape_requests_id_fk" FOREIGN KEY ("tape_request_id") REFERENCES "public"."tape_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sides_downloads" ADD CONSTRAINT "sides_downloads_performer_id_users_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sides_downloads" ADD CONSTRAINT "sides_downloads_studio_file_id_studio_files_id_fk" FOREIGN KEY ("studio_file_id") REFERENCES "public"."studio_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sides_downloads_request_idx" ON "sides_downloads" USING btree ("tape_request_id","downloaded_at");--> statement-breakpoint
-- The unused-sides sweep looks for old files no request names.
CREATE INDEX "tape_requests_sides_idx" ON "tape_requests" USING btree ("sides_file_id");--> statement-breakpoint
CREATE INDEX "studio_files_created_idx" ON "studio_files" USING btree ("created_at");
