-- custom SQL (keep when renumbering)
-- Decision 076: each process keeps the blocked list in memory; any change to blocked_ips, by
-- any connection (the app, a restore, psql), tells every listener once it commits.
CREATE FUNCTION "blocked_ips_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('blocked_ips_changed', '');
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "blocked_ips_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "blocked_ips" FOR EACH STATEMENT EXECUTE FUNCTION "blocked_ips_notify"();
