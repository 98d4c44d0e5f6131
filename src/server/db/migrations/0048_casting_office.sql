ALTER TABLE "users" ADD COLUMN "member_of" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "studio_role" text;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_member_of_users_id_fk" FOREIGN KEY ("member_of") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_member_of_idx" ON "users" USING btree ("member_of") WHERE "users"."member_of" is not null;--> statement-breakpoint
ALTER TABLE "event_tickets" ADD COLUMN "actor_id" uuid;--> statement-breakpoint
CREATE TABLE "studio_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"studio_id" uuid NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "studio_invitations" ADD CONSTRAINT "studio_invitations_studio_id_users_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "studio_invitations_token_idx" ON "studio_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "studio_invitations_studio_idx" ON "studio_invitations" USING btree ("studio_id");
