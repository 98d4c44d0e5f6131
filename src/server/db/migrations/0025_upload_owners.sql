-- Which process start runs each upload, and where its file is being written, so a sweep can remove what a crashed process left (docs/faults.md, "Uploads").
ALTER TABLE "upload_reservations" ADD COLUMN "owner_id" uuid;--> statement-breakpoint
ALTER TABLE "upload_reservations" ADD COLUMN "storage_key" text;--> statement-breakpoint
CREATE INDEX "upload_reservations_owner_idx" ON "upload_reservations" USING btree ("owner_id");
