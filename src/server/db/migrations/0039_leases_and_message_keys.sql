-- Each running process start's lease (docs/faults.md, "Uploads"): renewed every 10 s, alive while it has not expired, so a dropped connection that comes back within the lease does not make the process look gone.
CREATE TABLE "upload_owners" (
	"owner_id" uuid PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
-- A message's Idempotency-Key (docs/faults.md, "A stalled database"): stored with the message in its own insert, so a retry after a 503 whose COMMIT did land finds it.
ALTER TABLE "messages" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "messages_sender_key_idx" ON "messages" USING btree ("sender_id","idempotency_key") WHERE "messages"."idempotency_key" is not null;
