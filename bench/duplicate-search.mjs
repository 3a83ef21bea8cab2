// The near-duplicate search of the pre-flight and the upload check (issue 27), timed at 100,000 and
// 1,000,000 fingerprints: the multi-index query the hub makes (FingerprintsRepository.matchesOf: the
// SHA-256 index and four 16-bit chunk indexes, each probed with the chunk and its 16 one-bit
// neighbours, the distance decided on the candidates) beside a full scan that computes every
// distance in PostgreSQL, on the same table and the same probes in one run.
import { NEAR_DUPLICATE_SEARCH_RADIUS, chunkProbes, hammingDistance64 } from '@paddock/rules';
import { fmt, percentile } from './hub-client.mjs';

export const DUPLICATE_SEARCH_SIZES = [100_000, 1_000_000];
/** Probes timed per size (the scan, much slower, takes a tenth of them). */
const PROBES = 200;
/** Fingerprints planted per probe at known distances 1..NEAR_DUPLICATE_SEARCH_RADIUS: the recall check. */
const PLANTED_PER_PROBE = NEAR_DUPLICATE_SEARCH_RADIUS;

export const DUPLICATE_SEARCH_METHOD = `- **Duplicate search**: \`hub.content_fingerprint\` filled by SQL with N random 64-bit picture
  hashes (and random SHA-256s), plus, for each of ${PROBES} probes, ${PLANTED_PER_PROBE} planted hashes at distances 1 to
  ${NEAR_DUPLICATE_SEARCH_RADIUS} from it; then, one probe after another, the hub's query (the SHA-256 or any of the four
  16-bit chunks among the chunk and its 16 one-bit neighbours, the Hamming distance decided on the
  candidates, as \`FingerprintsRepository.matchesOf\`) beside the baseline: a scan computing every row's
  distance in PostgreSQL (\`bit_count(hash # probe) <= ${NEAR_DUPLICATE_SEARCH_RADIUS}\`, ${PROBES / 10} probes). Recall: the share of
  planted hashes each search found.`;

const randomHash = () =>
  Array.from({ length: 16 }, () => Math.floor(Math.random() * 16).toString(16)).join('');

/** `hash` with `bits` distinct bits flipped. */
function flipped(hash, bits) {
  let value = BigInt(`0x${hash}`);
  const positions = new Set();
  while (positions.size < bits) positions.add(Math.floor(Math.random() * 64));
  for (const bit of positions) value ^= 1n << BigInt(bit);
  return value.toString(16).padStart(16, '0');
}

const CHUNKS = `('x' || substr(h, 1, 4))::bit(16)::int, ('x' || substr(h, 5, 4))::bit(16)::int,
  ('x' || substr(h, 9, 4))::bit(16)::int, ('x' || substr(h, 13, 4))::bit(16)::int`;

/** Fills the table with `size` random fingerprints and the planted neighbours of `probes`. */
async function fill(db, size, probes) {
  await db.query('TRUNCATE hub.content_fingerprint');
  await db.query(
    `INSERT INTO hub.content_fingerprint (content_id, version, sha256, dhash, dhash_0, dhash_1, dhash_2, dhash_3)
     SELECT gen_random_uuid(), 1, md5(random()::text) || md5(random()::text), h, ${CHUNKS}
     FROM (SELECT lpad(to_hex((random() * 4294967295)::bigint), 8, '0')
                  || lpad(to_hex((random() * 4294967295)::bigint), 8, '0') AS h
           FROM generate_series(1, $1)) AS hashes`,
    [size],
  );
  const planted = probes.flatMap((probe) =>
    Array.from({ length: PLANTED_PER_PROBE }, (_, i) => ({ probe, hash: flipped(probe, i + 1) })),
  );
  await db.query(
    `INSERT INTO hub.content_fingerprint (content_id, version, sha256, dhash, dhash_0, dhash_1, dhash_2, dhash_3)
     SELECT gen_random_uuid(), 1, md5(random()::text) || md5(random()::text), h, ${CHUNKS}
     FROM unnest($1::text[]) AS h`,
    [planted.map((p) => p.hash)],
  );
  await db.query('ANALYZE hub.content_fingerprint');
  return planted;
}

/** The hub's query for one probe: candidates by index, the distance decided here. */
async function multiIndex(db, probe) {
  const [p0, p1, p2, p3] = chunkProbes(probe);
  const { rows } = await db.query(
    `SELECT content_id, dhash FROM hub.content_fingerprint
     WHERE sha256 = $1 OR dhash_0 = ANY($2) OR dhash_1 = ANY($3) OR dhash_2 = ANY($4) OR dhash_3 = ANY($5)`,
    ['0'.repeat(64), p0, p1, p2, p3],
  );
  return rows.filter((r) => r.dhash && hammingDistance64(probe, r.dhash) <= NEAR_DUPLICATE_SEARCH_RADIUS);
}

async function scan(db, probe) {
  const { rows } = await db.query(
    `SELECT content_id, dhash FROM hub.content_fingerprint
     WHERE bit_count(('x' || dhash)::bit(64) # ('x' || $1)::bit(64)) <= $2`,
    [probe, NEAR_DUPLICATE_SEARCH_RADIUS],
  );
  return rows;
}

/** Times `search` over `probes`, and the share of each probe's planted hashes it found. */
async function timed(db, search, probes, planted) {
  const times = [];
  let found = 0;
  for (const probe of probes) {
    const t0 = process.hrtime.bigint();
    const hashes = new Set((await search(db, probe)).map((r) => r.dhash));
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
    found += planted.filter((p) => p.probe === probe && hashes.has(p.hash)).length;
  }
  times.sort((a, b) => a - b);
  return {
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    recall: found / (probes.length * PLANTED_PER_PROBE),
  };
}

/** Both searches at each size; the table is left empty afterwards (the bench database is its own). */
export async function benchDuplicateSearch(db) {
  const results = [];
  for (const size of DUPLICATE_SEARCH_SIZES) {
    const probes = Array.from({ length: PROBES }, randomHash);
    const t0 = Date.now();
    const planted = await fill(db, size, probes);
    const fillSeconds = (Date.now() - t0) / 1000;
    await multiIndex(db, probes[0]);
    const ours = await timed(db, multiIndex, probes, planted);
    const baseline = await timed(db, scan, probes.slice(0, PROBES / 10), planted);
    results.push({ size, fillSeconds, ours, baseline });
  }
  await db.query('TRUNCATE hub.content_fingerprint');
  return results;
}

export function duplicateSearchRows(results) {
  return results.map(({ size, ours, baseline }) => [
    `near-duplicate search, ${size.toLocaleString('en')} fingerprints (recall ${fmt(ours.recall * 100, 0)} %)`,
    `p50 ${fmt(ours.p50, 2)} ms, p95 ${fmt(ours.p95, 2)} ms`,
    `full scan in PostgreSQL: p50 ${fmt(baseline.p50, 1)} ms, p95 ${fmt(baseline.p95, 1)} ms (recall ${fmt(baseline.recall * 100, 0)} %)`,
    `${fmt(baseline.p50 / ours.p50, 0)}x faster at p50`,
  ]);
}
