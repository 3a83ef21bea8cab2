-- Issue 26: each api process keeps who a provider token is (its user and active groups, the
-- CallerGuard's answer) until a change is announced on the `paddock_changes` channel as `callers`
-- (database/change-feed.ts; NOTIFY is delivered at commit). A token's sliding expiry only lengthens
-- it and is checked by the process that keeps it, so only an ended or shortened token is announced;
-- a new token is a new key. A user's time of login changes nothing a caller is.
CREATE FUNCTION "provider"."announce_caller_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('paddock_changes', 'callers');
  RETURN NULL;
END
$$;

-- Every sign-in deletes its user's expired tokens, mostly none: only a delete that ended one is heard.
CREATE FUNCTION "provider"."announce_ended_tokens"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM ended) THEN
    PERFORM pg_notify('paddock_changes', 'callers');
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER "token_ended_announces_caller_change"
  AFTER DELETE ON "provider"."token" REFERENCING OLD TABLE AS ended
  FOR EACH STATEMENT EXECUTE FUNCTION "provider"."announce_ended_tokens"();

CREATE TRIGGER "token_truncated_announces_caller_change"
  AFTER TRUNCATE ON "provider"."token"
  FOR EACH STATEMENT EXECUTE FUNCTION "provider"."announce_caller_change"();

CREATE TRIGGER "token_shortened_announces_caller_change"
  AFTER UPDATE ON "provider"."token"
  FOR EACH ROW WHEN (NEW."expires_at" < OLD."expires_at" OR NEW."user_id" <> OLD."user_id" OR NEW."id" <> OLD."id")
  EXECUTE FUNCTION "provider"."announce_caller_change"();

CREATE TRIGGER "user_announces_caller_change"
  AFTER DELETE OR TRUNCATE OR UPDATE OF "id", "username", "active", "password_hash", "password_expires_at",
    "first_name", "last_name", "email", "company_name", "image_url", "external_id"
  ON "provider"."user"
  FOR EACH STATEMENT EXECUTE FUNCTION "provider"."announce_caller_change"();

CREATE TRIGGER "group_announces_caller_change"
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "provider"."group"
  FOR EACH STATEMENT EXECUTE FUNCTION "provider"."announce_caller_change"();

CREATE TRIGGER "user_group_announces_caller_change"
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "provider"."user_group"
  FOR EACH STATEMENT EXECUTE FUNCTION "provider"."announce_caller_change"();
