// Seeds N contents straight into the built-in provider's schema with generate_series. It bypasses
// the API on purpose: 100,000 uploads would measure the upload path (and take hours), while this
// bench measures listing and search over a catalogue of realistic size and shape.
// Deterministic: names, types, folders and dates derive from the row number through hashint4.

import { mkdir, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { insertContents } from './seed-sql.mjs';

const require = createRequire(import.meta.url);

const MODELS = ['Stradale', 'Spider', 'Berlinetta', 'Corsa', 'Gran Turismo', 'Barchetta', 'Coupé', 'Targa'];
const SUBJECTS = [
  'front three-quarter',
  'rear view',
  'interior',
  'cockpit',
  'engine bay',
  'wheel detail',
  'press kit',
  'studio shot',
  'track day',
  'assembly line',
  'launch event',
  'brochure',
];
const PLACES = [
  'Monza',
  'Modena',
  'Maranello',
  'Imola',
  'Mugello',
  'Geneva',
  'Paris',
  'Stuttgart',
  'Goodwood',
];

/** Word in about 0.01% of names (rare) and one in about a third of them (common). */
export const RARE_WORD = 'zagato';
export const COMMON_WORD = 'press';

const arr = (values) => `ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]`;
const pick = (values, salt) => `(${arr(values)})[1 + abs(hashint4(g + ${salt})) % ${values.length}]`;

/** How many distinct card thumbnails the seeded contents show in turn. */
const THUMBNAIL_FILES = 16;

/**
 * Card thumbnails written to the disk blob store under `blobDir`, made by the derivatives job's own
 * code (server/dist media/image.js: fitJpeg inside THUMB_BOX) from a 3:2 picture of noise, so they
 * weigh what a photo's thumbnail does: the seeded contents' card pictures, so a browsing bench
 * streams real files as the built-in provider serves them, not the typed placeholder.
 */
async function writeThumbnails(blobDir) {
  const { default: sharp } = await import('sharp');
  const { fitJpeg, THUMB_BOX } = require('../server/dist/media/image.js');
  const files = [];
  await mkdir(join(blobDir, 'bench'), { recursive: true });
  for (let i = 0; i < THUMBNAIL_FILES; i += 1) {
    const picture = await sharp({
      create: {
        width: 1200,
        height: 800,
        channels: 3,
        background: { r: 40 + i * 12, g: 90, b: 200 - i * 8 },
        noise: { type: 'gaussian', mean: 128, sigma: 30 },
      },
    })
      .png()
      .toBuffer();
    const { data, width, height } = await fitJpeg(picture, THUMB_BOX, THUMB_BOX);
    const blobKey = `bench/thumb-${i}.jpg`;
    await writeFile(join(blobDir, blobKey), data);
    files.push({ blobKey, size: data.length, width, height });
  }
  return files;
}

/**
 * Seeds `count` contents; with `blobDir` (the hub's disk blob store), each gets a card thumbnail,
 * one of THUMBNAIL_FILES real files, as the derivatives job would have made it.
 */
export async function seedAssets(db, count, { blobDir } = {}) {
  const thumbnails = blobDir ? await writeThumbnails(blobDir) : [];
  const { rows: folders } = await db.query(
    `SELECT id, pretty_id FROM provider.category WHERE parent_id IS NOT NULL ORDER BY pretty_id`,
  );
  const archive = folders.find((f) => f.pretty_id === 'arch04-marketing');
  const heritage = folders.find((f) => f.pretty_id === 'arch04-heritage');
  const others = folders.filter((f) => f !== archive && f !== heritage).map((f) => f.id);
  if (!archive || !heritage) throw new Error('The demo department archives are missing: was the seed run?');
  // Realistic skew: most assets end up in the archives, a long tail in the workflow folders.
  const folderExpr = `CASE WHEN abs(hashint4(g + 7)) % 100 < 60 THEN '${archive.id}'::uuid
    WHEN abs(hashint4(g + 7)) % 100 < 80 THEN '${heritage.id}'::uuid
    ELSE (${arr(others)}::uuid[])[1 + abs(hashint4(g + 8)) % ${others.length}] END`;
  const subject = pick(SUBJECTS, 2);
  const nameExpr = `concat_ws(' ', ${pick(MODELS, 1)},
      CASE WHEN g % 3 = 0 THEN '${COMMON_WORD} kit' ELSE ${subject} END,
      ${pick(PLACES, 3)}, (2012 + g % 14)::text,
      CASE WHEN g % 10000 = 4242 THEN '${RARE_WORD}' END, lpad(g::text, 6, '0'))`;
  const ext = `(ARRAY['jpg','jpg','jpg','jpg','tif','png','mp4','mov','pdf','mp3'])[1 + abs(hashint4(g + 5)) % 10]`;
  await db.query('BEGIN');
  await db.query(`CREATE TEMP TABLE bench_seed ON COMMIT DROP AS
    SELECT *, replace(replace(replace(name, 'rear view', 'vista posteriore'),
      'interior', 'interni'), 'front three-quarter', 'tre quarti anteriore') AS name_it
    FROM (SELECT g, overlay(overlay(md5('bench-' || g) placing '4' from 13) placing '8' from 17)::uuid AS id, ${ext} AS ext, ${nameExpr} AS name, ${folderExpr} AS folder,
      now() - make_interval(secs => abs(hashint4(g + 11)) % (5 * 365 * 86400)) AS created
    FROM generate_series(1, ${count}) g) rows`);
  await insertContents(db, 'bench_seed');
  if (thumbnails.length)
    await db.query(`INSERT INTO provider.derivative (content_id, version, kind, blob_key, mime_type, width, height, size)
      SELECT id, 1, 'thumb', t.blob_key, 'image/jpeg', t.width, t.height, t.size
      FROM bench_seed JOIN (VALUES ${thumbnails
        .map((t, i) => `(${i}, '${t.blobKey}', ${t.width}, ${t.height}, ${t.size})`)
        .join(', ')}) AS t(n, blob_key, width, height, size) ON t.n = g % ${thumbnails.length}`);
  // 200 tags, about a third of the contents tagged with one or two of them.
  await db.query(`INSERT INTO provider.tag_definition (id, classification_id, names, search_text)
    SELECT md5('bench-tag-' || t)::uuid, 'bench',
      jsonb_build_array(jsonb_build_object('lang', 'EN', 'label', 'campaign ' || t)), 'campaign ' || t
    FROM generate_series(1, 200) t`);
  await db.query(`INSERT INTO provider.content_tag (content_id, tag_id, classification_id)
    SELECT id, md5('bench-tag-' || (1 + abs(hashint4(g + 17)) % 200))::uuid, 'bench' FROM bench_seed WHERE g % 3 = 1
    UNION
    SELECT id, md5('bench-tag-' || (1 + abs(hashint4(g + 19)) % 200))::uuid, 'bench' FROM bench_seed WHERE g % 6 = 1`);
  await db.query(`INSERT INTO provider.content_metadata (content_id, classification_id, key, value, value_num)
    SELECT id, 'system', 'size', (100000 + abs(hashint4(g + 13)) % 50000000)::text,
      100000 + abs(hashint4(g + 13)) % 50000000 FROM bench_seed`);
  await db.query('COMMIT');
  // VACUUM as autovacuum would soon after a bulk load: it merges the trigram indexes' pending lists
  // (a rare-word search read 464 index pages instead of 9 before it) and sets the visibility map.
  await db.query(
    'VACUUM ANALYZE provider.content, provider.content_locale, provider.content_category, provider.content_tag, provider.tag_definition, provider.content_metadata, provider.content_source, provider.derivative',
  );
  return { archiveId: archive.id };
}
