-- Issue 26: a search's folder scope (the caller's folder rights and the folder tree) is kept per
-- caller scope in each api process (search/folder-scope-cache.ts). Any write to a folder or to its
-- ACL bumps this one row in the same transaction; a search reads it first and reuses a scope only
-- if it was computed at the same generation, so a revoked right is seen by the next search.
CREATE TABLE "provider"."access_generation" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "n" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "access_generation_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "access_generation_one_row" CHECK ("id" = 1)
);

INSERT INTO "provider"."access_generation" ("id", "n") VALUES (1, 0);

CREATE FUNCTION "provider"."bump_access_generation"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "provider"."access_generation" SET "n" = "n" + 1 WHERE "id" = 1;
  RETURN NULL;
END
$$;

-- BEFORE the statement: a writer takes the row's lock before any row of category or category_acl,
-- so two writers queue on it rather than each holding a row the other needs.
CREATE TRIGGER "category_bumps_access_generation"
  BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON "provider"."category"
  FOR EACH STATEMENT EXECUTE FUNCTION "provider"."bump_access_generation"();

CREATE TRIGGER "category_acl_bumps_access_generation"
  BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON "provider"."category_acl"
  FOR EACH STATEMENT EXECUTE FUNCTION "provider"."bump_access_generation"();
