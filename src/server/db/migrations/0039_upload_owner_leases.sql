-- Each running process start's lease (docs/faults.md, "Uploads"): renewed every 10 s, alive while it has not expired, so a dropped connection that comes back within the lease does not make the process look gone.
CREATE TABLE "upload_owners" (
	"owner_id" uuid PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
