CREATE TABLE "shortlist_members" (
	"shortlist_id" uuid NOT NULL,
	"performer_id" uuid NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shortlist_members_shortlist_id_performer_id_pk" PRIMARY KEY("shortlist_id","performer_id")
);
--> statement-breakpoint
CREATE TABLE "shortlists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "talent_reviews" (
	"studio_user_id" uuid NOT NULL,
	"performer_id" uuid NOT NULL,
	"rating" integer NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "talent_reviews_studio_user_id_performer_id_pk" PRIMARY KEY("studio_user_id","performer_id")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "height_cm" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "age_years" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "photo_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "video_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "audio_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "completeness" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "profile_changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "shortlist_members" ADD CONSTRAINT "shortlist_members_shortlist_id_shortlists_id_fk" FOREIGN KEY ("shortlist_id") REFERENCES "public"."shortlists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shortlist_members" ADD CONSTRAINT "shortlist_members_performer_id_users_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shortlists" ADD CONSTRAINT "shortlists_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talent_reviews" ADD CONSTRAINT "talent_reviews_studio_user_id_users_id_fk" FOREIGN KEY ("studio_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talent_reviews" ADD CONSTRAINT "talent_reviews_performer_id_users_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shortlist_members_performer_idx" ON "shortlist_members" USING btree ("performer_id");--> statement-breakpoint
CREATE INDEX "shortlists_owner_idx" ON "shortlists" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "talent_reviews_performer_idx" ON "talent_reviews" USING btree ("performer_id");--> statement-breakpoint
CREATE INDEX "users_talent_order_idx" ON "users" USING btree ("completeness","profile_changed_at","id") WHERE "users"."role" = 'performer' and "users"."visibility" = 'public';--> statement-breakpoint
CREATE INDEX "users_talent_text_trgm" ON "users" USING gin (("fname" || ' ' || "category" || ' ' || "location") gin_trgm_ops) WHERE "users"."role" = 'performer' and "users"."visibility" = 'public';--> statement-breakpoint
CREATE INDEX "users_talent_location_trgm" ON "users" USING gin ("location" gin_trgm_ops) WHERE "users"."role" = 'performer' and "users"."visibility" = 'public';--> statement-breakpoint
CREATE INDEX "users_talent_height_idx" ON "users" USING btree ("height_cm") WHERE "users"."role" = 'performer' and "users"."visibility" = 'public';--> statement-breakpoint
CREATE INDEX "users_talent_age_idx" ON "users" USING btree ("age_years") WHERE "users"."role" = 'performer' and "users"."visibility" = 'public';