-- Issue 26: each api process keeps listing pages between requests (search/listing-cache.ts) until a
-- change is announced on the `paddock_changes` channel as `listing` (database/change-feed.ts). NOTIFY
-- is delivered only when the writing transaction commits, and identical notices of one transaction
-- are sent once, so a reader never keeps a page it computed before a change it has not yet heard of,
-- and no writer waits on another (a counter row would queue them).
CREATE FUNCTION "provider"."announce_listing_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('paddock_changes', 'listing');
  RETURN NULL;
END
$$;

-- Everything a listing page shows or filters on: contents and their names, folders, sources,
-- renditions, tags and metadata, and who may see them (folders, their ACLs, groups and members).
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY[
    'content', 'content_locale', 'content_category', 'content_source', 'derivative',
    'content_metadata', 'content_tag', 'content_draft', 'tag_definition', 'metadata_definition',
    'category', 'category_acl', 'group', 'user_group'
  ] LOOP
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "provider".%I '
      'FOR EACH STATEMENT EXECUTE FUNCTION "provider"."announce_listing_change"()',
      t || '_announces_listing_change', t);
  END LOOP;
END
$$;

-- A user's name is shown as the owner, and a disabled user sees nothing; the time of a login is
-- written at every sign-in and changes no page.
CREATE TRIGGER "user_announces_listing_change"
  AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF "username", "first_name", "last_name", "active"
  ON "provider"."user"
  FOR EACH STATEMENT EXECUTE FUNCTION "provider"."announce_listing_change"();
