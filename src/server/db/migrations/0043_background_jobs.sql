CREATE TABLE "background_jobs" (
	"name" text PRIMARY KEY NOT NULL,
	"held_by" text,
	"held_until" timestamp with time zone,
	"last_started_at" timestamp with time zone,
	"last_finished_at" timestamp with time zone,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_error" text
);
