-- content.search_text: every locale's name and every tag's search_text of a content, one per line,
-- so that a text search on NAME and ITAGS can filter contents row by row (a newest-first walk that
-- stops after one page for a common word) or through one trigram index (a rare word). It is only a
-- pre-filter: the search still applies the exact per-locale condition. Kept current by triggers,
-- whoever writes names and tags (the API, the seeds, the bench's SQL).

-- AlterTable
ALTER TABLE "provider"."content" ADD COLUMN "search_text" TEXT NOT NULL DEFAULT '';

-- CreateIndex
CREATE INDEX "content_search_text_trgm_idx" ON "provider"."content" USING GIN ("search_text" gin_trgm_ops);

-- CreateIndex: with (content_id) first, the per-row folder check of a large scope reads the index only.
CREATE INDEX "content_category_content_id_category_id_idx" ON "provider"."content_category"("content_id", "category_id");
DROP INDEX "provider"."content_category_content_id_idx";

CREATE FUNCTION "provider"."content_search_text_of"(content uuid) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT concat_ws(E'\n',
    (SELECT string_agg(l.name, E'\n' ORDER BY l.locale) FROM provider.content_locale l WHERE l.content_id = content),
    (SELECT string_agg(t.search_text, E'\n' ORDER BY t.id) FROM provider.content_tag ct
       JOIN provider.tag_definition t ON t.id = ct.tag_id WHERE ct.content_id = content))
$$;

-- Locks the contents first, in id order: a concurrent writer of the same content waits for this
-- transaction to end, and its own recomputation (a new statement, so a new snapshot) then sees it.
CREATE FUNCTION "provider"."refresh_content_search_text"(contents uuid[]) RETURNS void
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM 1 FROM provider.content WHERE id = ANY(contents) ORDER BY id FOR NO KEY UPDATE;
  UPDATE provider.content c SET search_text = provider.content_search_text_of(c.id)
  WHERE c.id = ANY(contents) AND c.search_text IS DISTINCT FROM provider.content_search_text_of(c.id);
END
$$;

CREATE FUNCTION "provider"."content_locale_search_text"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM provider.refresh_content_search_text(ARRAY(SELECT DISTINCT content_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM provider.refresh_content_search_text(ARRAY(SELECT DISTINCT content_id FROM old_rows));
  ELSE
    PERFORM provider.refresh_content_search_text(
      ARRAY(SELECT content_id FROM new_rows UNION SELECT content_id FROM old_rows));
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER "content_locale_search_text_insert" AFTER INSERT ON "provider"."content_locale"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "provider"."content_locale_search_text"();
CREATE TRIGGER "content_locale_search_text_update" AFTER UPDATE ON "provider"."content_locale"
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT
  EXECUTE FUNCTION "provider"."content_locale_search_text"();
CREATE TRIGGER "content_locale_search_text_delete" AFTER DELETE ON "provider"."content_locale"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "provider"."content_locale_search_text"();

-- content_tag has the same content_id column, so the same function serves it.
CREATE TRIGGER "content_tag_search_text_insert" AFTER INSERT ON "provider"."content_tag"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "provider"."content_locale_search_text"();
CREATE TRIGGER "content_tag_search_text_update" AFTER UPDATE ON "provider"."content_tag"
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT
  EXECUTE FUNCTION "provider"."content_locale_search_text"();
CREATE TRIGGER "content_tag_search_text_delete" AFTER DELETE ON "provider"."content_tag"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "provider"."content_locale_search_text"();

-- A renamed tag changes the search_text of every content it is on (a tag removed from contents
-- fires the content_tag trigger through its cascade).
CREATE FUNCTION "provider"."tag_definition_search_text"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM provider.refresh_content_search_text(ARRAY(
    SELECT DISTINCT ct.content_id FROM provider.content_tag ct
    JOIN new_rows n ON n.id = ct.tag_id
    JOIN old_rows o ON o.id = n.id
    WHERE n.search_text IS DISTINCT FROM o.search_text));
  RETURN NULL;
END
$$;

CREATE TRIGGER "tag_definition_search_text_update" AFTER UPDATE ON "provider"."tag_definition"
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT
  EXECUTE FUNCTION "provider"."tag_definition_search_text"();

-- Backfill.
UPDATE "provider"."content" c SET "search_text" = "provider"."content_search_text_of"(c."id");
