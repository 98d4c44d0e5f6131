ALTER TABLE "upload_reservations" ADD COLUMN "tape_request_id" uuid;--> statement-breakpoint
ALTER TABLE "upload_reservations" ADD CONSTRAINT "upload_reservations_tape_request_id_tape_requests_id_fk" FOREIGN KEY ("tape_request_id") REFERENCES "public"."tape_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "upload_reservations_tape_request_idx" ON "upload_reservations" USING btree ("tape_request_id");
--> statement-breakpoint
ALTER TABLE "tape_requests" ADD COLUMN "accepted_at" timestamp with time zone;--> statement-breakpoint
UPDATE "tape_requests" SET "accepted_at" = "created_at" WHERE "status" IN ('accepted', 'submitted', 'retake');
