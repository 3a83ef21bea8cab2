-- A page deep in a listing sorted by date (OFFSET 5000) walked the date index and read every skipped
-- content's row to check that it is not trashed. With the id and trashed_at in the index, the
-- skipped part is read from the index alone and only the page's own rows from the table (issue 26).
-- The leading column still serves the date ranges the single-column indexes served.
DROP INDEX "provider"."content_created_at_idx";
DROP INDEX "provider"."content_updated_at_idx";
CREATE INDEX "content_created_at_id_trashed_at_idx" ON "provider"."content"("created_at", "id", "trashed_at");
CREATE INDEX "content_updated_at_id_trashed_at_idx" ON "provider"."content"("updated_at", "id", "trashed_at");
