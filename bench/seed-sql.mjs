// Contents put straight into the built-in provider's schema by SQL, for catalogues too large to
// upload: the search bench (100,000 contents) and the large-folder end-to-end test (10,000 in one
// folder). One place, so both follow the schema when it changes.

/**
 * Inserts one READY content per row of `table`, a table the caller filled with the columns
 * g (row number), id (uuid), ext, name (EN), name_it, folder (uuid) and created (timestamptz):
 * the content, its EN and IT names, its folder link and its source-file record. The source file
 * itself is not written: listings and search never read it, and thumbnails show the typed placeholder.
 */
export async function insertContents(db, table) {
  await db.query(`INSERT INTO provider.content
      (id, content_type, source_extension, owner_username, owner_full_name, state, version, created_at, updated_at)
    SELECT id, CASE WHEN ext IN ('jpg','tif','png') THEN 'IMAGE' WHEN ext IN ('mp4','mov') THEN 'VIDEO'
                    WHEN ext = 'mp3' THEN 'AUDIO' ELSE 'DOCUMENT' END,
      ext, (ARRAY['mario.rossi','anna.bianchi','luca.conti'])[1 + g % 3], 'Bench owner', 'READY', 1, created, created
    FROM ${table}`);
  await db.query(`INSERT INTO provider.content_locale (content_id, locale, name)
    SELECT id, 'EN', name FROM ${table} UNION ALL SELECT id, 'IT', name_it FROM ${table}`);
  await db.query(`INSERT INTO provider.content_category (category_id, content_id, linked_at)
    SELECT folder, id, created FROM ${table}`);
  await db.query(`INSERT INTO provider.content_source
      (id, content_id, version, blob_key, file_name, mime_type, size, created_by, created_at)
    SELECT md5('bench-src-' || id)::uuid, id, 1, 'bench/' || id, replace(name, ' ', '_') || '.' || ext,
      'application/octet-stream', 100000 + abs(hashint4(g + 13)) % 50000000, 'mario.rossi', created
    FROM ${table}`);
}
