-- content.search_text now holds the IT name (the locale the hub searches, SPEC §7) and every tag's
-- search_text, one per line. A pattern that is one literal without a line break then matches it exactly
-- when it matches the IT name or a tag, so an IT search on NAME and ITAGS needs no per-content recheck:
-- a capped count of a common word reads the trigram index and the rows alone. For any other locale or
-- pattern it stays a pre-filter (see the content search repository).
CREATE OR REPLACE FUNCTION "provider"."content_search_text_of"(content uuid) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT concat_ws(E'\n',
    (SELECT l.name FROM provider.content_locale l WHERE l.content_id = content AND l.locale = 'IT'),
    (SELECT string_agg(t.search_text, E'\n' ORDER BY t.id) FROM provider.content_tag ct
       JOIN provider.tag_definition t ON t.id = ct.tag_id WHERE ct.content_id = content))
$$;

UPDATE "provider"."content" c SET "search_text" = "provider"."content_search_text_of"(c."id")
WHERE c."search_text" IS DISTINCT FROM "provider"."content_search_text_of"(c."id");
