ALTER TABLE "review_links" ADD COLUMN "label" text;--> statement-breakpoint
CREATE TABLE "review_feedback" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"link_id" uuid NOT NULL,
	"application_id" uuid NOT NULL,
	"name" text NOT NULL,
	"name_key" text NOT NULL,
	"pick" text NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "review_feedback" ADD CONSTRAINT "review_feedback_link_id_review_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."review_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_feedback" ADD CONSTRAINT "review_feedback_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "review_feedback_one_idx" ON "review_feedback" USING btree ("link_id","application_id","name_key");--> statement-breakpoint
CREATE INDEX "review_feedback_application_idx" ON "review_feedback" USING btree ("application_id");
--> statement-breakpoint
ALTER TABLE "audition_slots" ADD COLUMN "check_in" text;--> statement-breakpoint
ALTER TABLE "audition_slots" ADD COLUMN "check_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "audition_slots" ADD COLUMN "late_minutes" integer;--> statement-breakpoint
ALTER TABLE "audition_slots" ADD COLUMN "late_at" timestamp with time zone;--> statement-breakpoint
CREATE TABLE "slot_day_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"minutes" integer,
	"slot_starts_at" timestamp with time zone NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "slot_day_events" ADD CONSTRAINT "slot_day_events_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "slot_day_events_application_idx" ON "slot_day_events" USING btree ("application_id","at");
