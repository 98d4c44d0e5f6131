CREATE TABLE "upload_reservations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"bytes" bigint NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pending_signups" ADD COLUMN "email_tries" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pending_signups" ADD COLUMN "email_tries_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "upload_reservations" ADD CONSTRAINT "upload_reservations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "upload_reservations_user_idx" ON "upload_reservations" USING btree ("user_id");