ALTER TABLE "users" ADD COLUMN "email_applications" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_messages" boolean DEFAULT true NOT NULL;