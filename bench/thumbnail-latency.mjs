// What a user waits for after an upload: from the end of a 24-megapixel JPEG's tus upload to its
// thumbnail served by the hub, the way the web learns it (GET /api/assets/events, then the card's
// thumbnailUrl). Beside it, each step of the derivative job timed alone on the same file in the same
// run, so the total can be read as queue and notice time plus work.
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import sharp from 'sharp';
import { tusUpload } from './upload-memory.mjs';

const require = createRequire(import.meta.url);
const ROUNDS = 3;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** A 6000x4000 JPEG that compresses like a photo (noise and gradients), made by sharp. */
async function photo(path) {
  const noise = await sharp({
    create: { width: 300, height: 200, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 50 } },
  })
    .png()
    .toBuffer();
  await sharp(noise).resize(6000, 4000, { kernel: 'cubic' }).jpeg({ quality: 88 }).toFile(path);
}

/** Resolves when the hub's readiness stream says the content is no longer processing. */
async function readyEvent(client, contentId) {
  const res = await fetch(`${client.baseUrl}/api/assets/events?ids=${contentId}`, {
    headers: client.headers,
  });
  if (!res.ok) throw new Error(`GET /api/assets/events answered ${res.status}`);
  const decoder = new TextDecoder();
  let text = '';
  for await (const chunk of res.body) {
    text += decoder.decode(chunk, { stream: true });
    for (const line of text.split('\n'))
      if (
        line.startsWith('data:') &&
        JSON.parse(line.slice(5)).ready?.some((r) => r.contentId === contentId)
      ) {
        await res.body.cancel().catch(() => undefined);
        return;
      }
  }
  throw new Error('the readiness stream ended without the content');
}

/** The card's thumbnail as the web loads it; throws on the typed placeholder (an SVG) of an asset still processing. */
async function cardThumbnail(client, contentId) {
  const asset = await client.get(`/api/assets/${contentId}`);
  const res = await fetch(new URL(asset.thumbnailUrl, client.baseUrl), { headers: client.headers });
  if (!res.ok) throw new Error(`the thumbnail answered ${res.status}`);
  await res.arrayBuffer();
  if (res.headers.get('content-type')?.startsWith('image/svg'))
    throw new Error('the thumbnail was still the typed placeholder');
}

/** Each step of the derivative job alone on `path`, in milliseconds. */
async function steps(root, path, dir) {
  const { readImageFacts, renderInside, differenceHash, THUMB_BOX, PREVIEW_BOX } = require(
    join(root, 'server/dist/media/image.js'),
  );
  const timed = async (fn) => {
    const t0 = performance.now();
    const out = await fn();
    return [performance.now() - t0, out];
  };
  const [copy] = await timed(async () => {
    const hash = createHash('sha256');
    const tap = new Transform({ transform: (c, _e, done) => (hash.update(c), done(null, c)) });
    await pipeline(createReadStream(path), tap, createWriteStream(join(dir, 'copy.jpg')));
  });
  const [facts] = await timed(() => readImageFacts(path));
  const [thumbFromFile, thumb] = await timed(() => renderInside(path, THUMB_BOX));
  const [preview, previewRendition] = await timed(() => renderInside(path, PREVIEW_BOX));
  const [thumbFromPreview] = await timed(() => renderInside(previewRendition.data, THUMB_BOX));
  const [dhash] = await timed(() => differenceHash(thumb.data));
  return { copy, facts, thumbFromFile, preview, thumbFromPreview, dhash };
}

/** `folderId`: where the photo is uploaded; `root`: the repository, whose server/dist is built. */
export async function benchThumbnailLatency(client, { folderId, root }) {
  const dir = await mkdtemp(join(tmpdir(), 'paddock-bench-latency-'));
  try {
    const path = join(dir, 'photo-24mp.jpg');
    await photo(path);
    const { size } = await stat(path);
    const totals = [];
    const notices = [];
    const work = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const marks = {};
      const contentId = await tusUpload(client, path, size, `bench-24mp-${round}.jpg`, folderId, marks);
      await readyEvent(client, contentId);
      const noticed = performance.now();
      await cardThumbnail(client, contentId);
      totals.push(performance.now() - marks.ended);
      notices.push(noticed - marks.ended);
      work.push(await steps(root, path, dir));
    }
    const step = (name) => median(work.map((w) => w[name]));
    return {
      rounds: ROUNDS,
      bytes: size,
      totalMs: median(totals),
      noticeMs: median(notices),
      steps: Object.fromEntries(Object.keys(work[0]).map((k) => [k, step(k)])),
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export function thumbnailLatencyRow(l) {
  const s = l.steps;
  const fmt = (n) => n.toFixed(0);
  return [
    `thumbnail on its card after a 24 MP JPEG's upload (${(l.bytes / 1024 / 1024).toFixed(1)} MiB, median of ${l.rounds})`,
    `${fmt(l.totalMs)} ms (readiness event at ${fmt(l.noticeMs)} ms)`,
    `the job's steps alone: copy+sha256 ${fmt(s.copy)} ms, header ${fmt(s.facts)} ms, thumb 400 by shrink-on-load ${fmt(s.thumbFromFile)} ms, preview 2048 ${fmt(s.preview)} ms, thumb from the preview ${fmt(s.thumbFromPreview)} ms, dHash ${fmt(s.dhash)} ms`,
    `goal <= 1000 ms (issue 26): ${l.totalMs <= 1000 ? 'met' : 'NOT met'}`,
  ];
}

export const THUMBNAIL_LATENCY_METHOD = `- **Thumbnail after an upload**: a 6000x4000 JPEG made by sharp (noise and gradients, quality 88) uploaded
  through tus into the Marketing department archive; from the answer to its last PATCH, the bench follows
  \`GET /api/assets/events?ids=<id>\` (the web's readiness stream) until the content is no longer processing, then reads
  \`GET /api/assets/:id\` and loads its \`thumbnailUrl\` (refused if it is still the typed SVG placeholder): the time a
  user waits for the picture on the card. Median of 3 uploads. Beside it, each step of the derivative job run alone on
  the same file in the same run (source copy with its SHA-256, header facts, the 400 px WebP thumb decoded by
  shrink-on-load, the 2048 px WebP preview, the thumb from the preview, dHash): the total minus the steps is queue
  pick-up, storage, database and the notice.`;
