-- Issue 26: what each api process keeps between requests until a committed change is announced on
-- the `paddock_changes` channel (database/change-feed.ts), NOTIFY being delivered at commit:
-- - `listing`: a listing page marks the cards whose pre-flight warned or blocked (search/listing-cache.ts);
-- - `callers`: who a session is, their directory entry and their disclaimer acceptance, read by every
--   request (auth/authentication.service.ts). A session's own writes announce only what changes who it
--   is: created sessions are new keys, and its last-seen time changes nothing a request checks.
CREATE FUNCTION "hub"."announce_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('paddock_changes', TG_ARGV[0]);
  RETURN NULL;
END
$$;

CREATE TRIGGER "preflight_report_announces_change"
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "hub"."preflight_report"
  FOR EACH STATEMENT EXECUTE FUNCTION "hub"."announce_change"('listing');

CREATE TRIGGER "session_announces_change"
  AFTER DELETE OR TRUNCATE OR UPDATE OF "id", "username", "provider_token", "csrf_token", "expires_at"
  ON "hub"."session"
  FOR EACH STATEMENT EXECUTE FUNCTION "hub"."announce_change"('callers');

CREATE TRIGGER "directory_user_announces_change"
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "hub"."directory_user"
  FOR EACH STATEMENT EXECUTE FUNCTION "hub"."announce_change"('callers');

CREATE TRIGGER "disclaimer_announces_change"
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "hub"."disclaimer"
  FOR EACH STATEMENT EXECUTE FUNCTION "hub"."announce_change"('callers');

CREATE TRIGGER "disclaimer_acceptance_announces_change"
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "hub"."disclaimer_acceptance"
  FOR EACH STATEMENT EXECUTE FUNCTION "hub"."announce_change"('callers');
