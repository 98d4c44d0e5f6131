CREATE TABLE "performer_ages" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"date_of_birth" date NOT NULL,
	"minor" boolean DEFAULT false NOT NULL,
	"guardian_name" text,
	"guardian_email" text,
	"consented_at" timestamp with time zone,
	"token_hash" text,
	"token_expires_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "performer_ages_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "guardian_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"guardian_name" text,
	"guardian_email" text,
	"token_hash" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "performer_ages" ADD CONSTRAINT "performer_ages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guardian_events" ADD CONSTRAINT "guardian_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "performer_ages_minor_idx" ON "performer_ages" USING btree ("user_id") WHERE "performer_ages"."minor";--> statement-breakpoint
CREATE INDEX "guardian_events_user_idx" ON "guardian_events" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "guardian_events_token_idx" ON "guardian_events" USING btree ("token_hash");
