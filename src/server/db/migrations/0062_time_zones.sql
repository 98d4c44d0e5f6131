-- Each account's time zone (an IANA name, e.g. Asia/Kolkata): mails and notices write their
-- times in it (docs/account.md, "Time zone"). NULL until the browser or /settings gives one: UTC.
ALTER TABLE "users" ADD COLUMN "time_zone" text;
