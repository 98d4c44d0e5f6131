ALTER TABLE "audition_slots" ADD COLUMN "round" text DEFAULT 'Audition' NOT NULL;--> statement-breakpoint
ALTER TABLE "audition_slots" ADD COLUMN "limited" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "audition_slots" DROP CONSTRAINT "audition_slots_booked_application_unique";--> statement-breakpoint
ALTER TABLE "audition_slots" ADD CONSTRAINT "audition_slots_booked_application_round_unique" UNIQUE("booked_application_id","round");--> statement-breakpoint
CREATE TABLE "slot_round_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"round" text NOT NULL,
	"application_id" uuid NOT NULL,
	"by_user_id" uuid,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "slot_round_invitations" ADD CONSTRAINT "slot_round_invitations_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slot_round_invitations" ADD CONSTRAINT "slot_round_invitations_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "slot_round_invitations_one_idx" ON "slot_round_invitations" USING btree ("job_id","round","application_id");--> statement-breakpoint
CREATE INDEX "slot_round_invitations_application_idx" ON "slot_round_invitations" USING btree ("application_id");--> statement-breakpoint
ALTER TABLE "slot_day_events" ADD COLUMN "round" text;
