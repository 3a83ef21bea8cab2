-- Issue 26: every sign-in deletes its person's expired sessions (mostly none), refreshes their
-- directory entry (mostly unchanged) and records the disclaimer's acceptance (mostly already there).
-- Announced per statement, each of those told every api process to drop everyone it kept (`callers`),
-- so a morning's sign-ins kept the caches empty. Announced per row instead: only a row that ended or
-- changed what a request checks is heard (a session's last-seen time and an entry's update time are not).
DROP TRIGGER "session_announces_change" ON "hub"."session";
DROP TRIGGER "directory_user_announces_change" ON "hub"."directory_user";
DROP TRIGGER "disclaimer_acceptance_announces_change" ON "hub"."disclaimer_acceptance";

CREATE TRIGGER "session_ended_announces_change"
  AFTER DELETE ON "hub"."session"
  FOR EACH ROW EXECUTE FUNCTION "hub"."announce_change"('callers');

CREATE TRIGGER "session_changed_announces_change"
  AFTER UPDATE ON "hub"."session"
  FOR EACH ROW
  WHEN ((OLD."id", OLD."username", OLD."provider_token", OLD."csrf_token", OLD."expires_at")
        IS DISTINCT FROM (NEW."id", NEW."username", NEW."provider_token", NEW."csrf_token", NEW."expires_at"))
  EXECUTE FUNCTION "hub"."announce_change"('callers');

CREATE TRIGGER "session_truncated_announces_change"
  AFTER TRUNCATE ON "hub"."session"
  FOR EACH STATEMENT EXECUTE FUNCTION "hub"."announce_change"('callers');

CREATE TRIGGER "directory_user_added_or_removed_announces_change"
  AFTER INSERT OR DELETE ON "hub"."directory_user"
  FOR EACH ROW EXECUTE FUNCTION "hub"."announce_change"('callers');

CREATE TRIGGER "directory_user_changed_announces_change"
  AFTER UPDATE ON "hub"."directory_user"
  FOR EACH ROW
  WHEN ((OLD."username", OLD."first_name", OLD."last_name", OLD."email", OLD."company_name", OLD."department",
         OLD."roles", OLD."approval_steps")
        IS DISTINCT FROM (NEW."username", NEW."first_name", NEW."last_name", NEW."email", NEW."company_name",
         NEW."department", NEW."roles", NEW."approval_steps"))
  EXECUTE FUNCTION "hub"."announce_change"('callers');

CREATE TRIGGER "directory_user_truncated_announces_change"
  AFTER TRUNCATE ON "hub"."directory_user"
  FOR EACH STATEMENT EXECUTE FUNCTION "hub"."announce_change"('callers');

CREATE TRIGGER "disclaimer_acceptance_row_announces_change"
  AFTER INSERT OR UPDATE OR DELETE ON "hub"."disclaimer_acceptance"
  FOR EACH ROW EXECUTE FUNCTION "hub"."announce_change"('callers');

CREATE TRIGGER "disclaimer_acceptance_truncated_announces_change"
  AFTER TRUNCATE ON "hub"."disclaimer_acceptance"
  FOR EACH STATEMENT EXECUTE FUNCTION "hub"."announce_change"('callers');
