-- Decisions with reasons and undo (docs/applications.md, "Decisions"): the decision on each application, and the outbox of final decisions' notices.
ALTER TABLE "applications" ADD COLUMN "decision_reason" text;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "decision_note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "undo_status" text;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "undo_until" timestamp with time zone;--> statement-breakpoint
CREATE TABLE "decision_notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"status" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "decision_notices" ADD CONSTRAINT "decision_notices_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "decision_notices_due_idx" ON "decision_notices" USING btree ("due_at") WHERE "decision_notices"."sent_at" is null;--> statement-breakpoint
CREATE INDEX "decision_notices_application_idx" ON "decision_notices" USING btree ("application_id");
