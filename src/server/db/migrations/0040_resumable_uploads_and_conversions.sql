-- Resumable uploads (docs/media.md): one row per tus upload, private to the account that made it. `bytes` is the quota it holds until it is used, abandoned or expires (24 hours after its last byte).
CREATE TABLE "resumable_uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"length" bigint NOT NULL,
	"bytes" bigint NOT NULL,
	"filename" text DEFAULT '' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "resumable_uploads" ADD CONSTRAINT "resumable_uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "resumable_uploads_user_idx" ON "resumable_uploads" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "resumable_uploads_expires_idx" ON "resumable_uploads" USING btree ("expires_at");--> statement-breakpoint
-- Conversions of videos and tapes to an MP4 every browser plays, with a poster (docs/media.md): the work queue and its results, keyed by the original's storage key.
CREATE TABLE "media_conversions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"source_key" text NOT NULL,
	"status" text DEFAULT 'processing' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claimed_by" text,
	"claimed_at" timestamp with time zone,
	"playback_key" text,
	"poster_key" text,
	"duration_s" real,
	"width" integer,
	"height" integer,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_conversions_source_key_unique" UNIQUE("source_key")
);
--> statement-breakpoint
CREATE INDEX "media_conversions_waiting_idx" ON "media_conversions" USING btree ("created_at") WHERE "media_conversions"."status" = 'processing';
