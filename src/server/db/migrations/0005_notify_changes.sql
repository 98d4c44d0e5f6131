-- Every instance keeps the versions that polled reads answer 304 from in memory, and
-- drops an entry when PostgreSQL says it changed: any writer, any instance.
CREATE OR REPLACE FUNCTION notify_user_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('audition_user_changed', OLD.id::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_changed
AFTER UPDATE OR DELETE ON users
FOR EACH ROW EXECUTE FUNCTION notify_user_changed();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION notify_counter_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('audition_counter_changed', NEW.name);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER change_counters_changed
AFTER INSERT OR UPDATE ON change_counters
FOR EACH ROW EXECUTE FUNCTION notify_counter_changed();
