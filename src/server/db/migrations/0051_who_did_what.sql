ALTER TABLE "tape_requests" ADD COLUMN "requested_by" jsonb;--> statement-breakpoint
ALTER TABLE "tape_requests" ADD COLUMN "retake_by" jsonb;--> statement-breakpoint
ALTER TABLE "review_links" ADD COLUMN "created_by" jsonb;--> statement-breakpoint
ALTER TABLE "audition_slots" ADD COLUMN "changed_by" jsonb;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "sent_by" jsonb;--> statement-breakpoint
CREATE TABLE "application_reviews" (
	"application_id" uuid NOT NULL,
	"by_id" uuid NOT NULL,
	"by_name" text NOT NULL,
	"rating" integer,
	"note" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "application_reviews_pk" PRIMARY KEY("application_id","by_id")
);
--> statement-breakpoint
ALTER TABLE "application_reviews" ADD CONSTRAINT "application_reviews_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_reviews_by_idx" ON "application_reviews" USING btree ("by_id");--> statement-breakpoint
INSERT INTO "application_reviews" ("application_id", "by_id", "by_name", "rating", "note", "at")
  SELECT a."id", s."owner_id", coalesce(u."fname", s."fname"), a."studio_rating", a."studio_note", a."updated_at"
  FROM "applications" a
  JOIN "jobs" j ON j."id" = a."job_id"
  JOIN "studios" s ON s."id" = j."studio_id"
  LEFT JOIN "users" u ON u."id" = s."owner_id"
  WHERE s."owner_id" IS NOT NULL AND (a."studio_rating" IS NOT NULL OR a."studio_note" <> '');
