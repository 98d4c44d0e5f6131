-- Audition times the performer picks (docs/slots.md): a slot holds at most one application and an application at most one slot (the unique booked_application_id); the booking's UID and SEQUENCE for its calendar file; the reminders' state.
CREATE TABLE "audition_slots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"role_id" uuid,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"place" text DEFAULT '' NOT NULL,
	"online_url" text DEFAULT '' NOT NULL,
	"booked_application_id" uuid,
	"booking_uid" uuid,
	"sequence" integer DEFAULT 0 NOT NULL,
	"booked_at" timestamp with time zone,
	"mail_reminded_at" timestamp with time zone,
	"notice_reminded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audition_slots_booked_application_unique" UNIQUE("booked_application_id")
);
--> statement-breakpoint
ALTER TABLE "audition_slots" ADD CONSTRAINT "audition_slots_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audition_slots" ADD CONSTRAINT "audition_slots_role_id_job_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."job_roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audition_slots" ADD CONSTRAINT "audition_slots_booked_application_id_applications_id_fk" FOREIGN KEY ("booked_application_id") REFERENCES "public"."applications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audition_slots_job_idx" ON "audition_slots" USING btree ("job_id","starts_at");--> statement-breakpoint
CREATE INDEX "audition_slots_booked_idx" ON "audition_slots" USING btree ("starts_at") WHERE "audition_slots"."booked_application_id" is not null;
