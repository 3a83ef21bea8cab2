// External share of 500 assets through the hub (SPEC §9 limit): submit → the job's URL ready,
// watched via GET /api/jobs/:id; then the recipient page as a browser first opens it: the password
// POST, the page, and its first 24 pictures fetched 6 at a time (a browser's connections per host).
// The demo seed's archive assets (real derivatives) come first in the share, SQL-seeded ones after.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DEMO_PASSWORD, fmt, median, percentile, signIn } from './hub-client.mjs';
import { jobSeconds, seedContentsIn, serviceLogin } from './workflow.mjs';

const SHARED = 500;
const FIRST_PICTURES = 24;
const PASSWORD = 'Bench-Press-Kit-2026#Spider';
const RUNS = 3;

export const SHARING_METHOD = `- **External share**: mario.rossi shares ${SHARED} assets of the Marketing department archive
  by link (\`POST /api/external-shares\`, the demo seed's assets with their derivatives first, the rest
  inserted by SQL), timed from the submit to the job's completion with the URL (polled every 50 ms),
  ${RUNS} runs; the job's own wall time (its record's creation to its completion) is the ratio's. The recipient page: the password POST, \`GET\` of the page (${SHARED} assets listed,
  pictures lazy), then its first pictures (up to ${FIRST_PICTURES}; only assets with derivatives have one)
  6 at a time, each after a warm-up open.
- **Baselines, same run**: the share as the provider calls the job makes, made directly over the
  provider HTTP API with mario.rossi's own provider token (\`POST /externalshare/resources/externalshares\`
  with the same ${SHARED} ids, then its \`GET …/{id}\` for the URL), ${RUNS} runs; the same pictures as the
  portal's own routes serve them to mario (\`GET /api/assets/:id/preview|poster|thumbnail\`, session cookie)
  and as bytes read straight from the blob store's files, each 6 at a time like the page's.`;

async function timed(fn) {
  const t0 = performance.now();
  const value = await fn();
  return { ms: performance.now() - t0, value };
}

/** Runs `fetchOne` over `items`, 6 at a time (a browser's connections per host); answers the bytes read. */
async function sixAtATime(items, fetchOne) {
  const queue = [...items];
  let bytes = 0;
  await Promise.all(
    Array.from({ length: 6 }, async () => {
      for (let item = queue.shift(); item; item = queue.shift()) bytes += await fetchOne(item);
    }),
  );
  return bytes;
}

export async function benchSharing(db, { baseUrl, blobDir }) {
  const { rows: folders } = await db.query(
    `SELECT id FROM provider.category WHERE pretty_id = 'arch04-marketing'`,
  );
  const archiveId = folders[0]?.id;
  if (!archiveId) throw new Error('The Marketing department archive is missing: was the demo seed run?');
  const { rows: real } = await db.query(
    // Uploaded through the hub, with every rendition: not the catalogue's seeded contents, whose one
    // rendition is a shared card thumbnail (seed-assets.mjs).
    `SELECT DISTINCT cc.content_id AS id FROM provider.content_category cc
       JOIN provider.derivative d ON d.content_id = cc.content_id
      WHERE cc.category_id = $1 AND d.blob_key NOT LIKE 'bench/%'
      LIMIT $2`,
    [archiveId, SHARED],
  );
  const seeded = await seedContentsIn(db, SHARED - real.length, 'Cartella stampa', [archiveId]);
  const contentIds = [...real.map((r) => r.id), ...seeded];
  const mario = await signIn(baseUrl);

  const submits = [];
  const jobRuns = [];
  let url = '';
  for (let run = 0; run < RUNS; run += 1) {
    const { ms, value } = await timed(async () => {
      const res = await fetch(`${baseUrl}/api/external-shares`, {
        method: 'POST',
        headers: { ...mario.headers, 'content-type': 'application/json' },
        body: JSON.stringify({
          type: 'link',
          name: `Bench press kit ${run}`,
          contentIds,
          folderId: archiveId,
          password: PASSWORD,
          contentDownload: true,
          language: 'en',
        }),
      });
      if (res.status !== 202) throw new Error(`share answered ${res.status}: ${await res.text()}`);
      const { jobId } = await res.json();
      for (;;) {
        const job = await mario.get(`/api/jobs/${jobId}`);
        // The job answers the share's id; its link is the share's, as the web reads it.
        if (job.state === 'completed')
          return { url: (await mario.get(`/api/external-shares/${job.result.shareId}`)).url, jobId };
        if (job.state === 'failed') throw new Error(`share job failed: ${job.errorCode}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    });
    submits.push(ms);
    jobRuns.push((await jobSeconds(db, value.jobId)) * 1000);
    url = value.url;
  }

  // Baseline: the provider calls the job makes, made directly with mario's own provider token.
  const providerUrl = `${baseUrl}/provider`;
  const token = await serviceLogin(providerUrl, 'mario.rossi', DEMO_PASSWORD);
  const direct = [];
  for (let run = 0; run < RUNS; run += 1) {
    const { ms } = await timed(async () => {
      const res = await fetch(`${providerUrl}/externalshare/resources/externalshares?clientId=paddock`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'X-TOKENID': token },
        body: JSON.stringify({
          name: `Bench press kit direct ${run}`,
          type: 'LINK',
          options: {
            contentDetailLevel: 'minimal',
            contentDownload: 'enabled',
            expirationDate: new Date(Date.now() + 86_400_000).toISOString(),
            password: PASSWORD,
          },
          contents: { fromIds: contentIds },
          dispatchEmail: { recipients: [], language: 'en' },
        }),
      });
      const { id } = await res.json();
      if (!id) throw new Error(`the direct share answered ${res.status}`);
      const status = await fetch(
        `${providerUrl}/externalshare/resources/externalshares/${id}?clientId=paddock`,
        {
          headers: { 'X-TOKENID': token },
        },
      );
      const { url: ready } = await status.json();
      if (!ready) throw new Error(`the direct share's status answered ${status.status}`);
    });
    direct.push(ms);
  }

  const recipient = { address: '203.0.113.77', cookie: '' };
  const open = (suffix = '', init = {}) =>
    fetch(`${url}${suffix}`, {
      redirect: 'manual',
      ...init,
      headers: { 'x-forwarded-for': recipient.address, cookie: recipient.cookie, ...init.headers },
    });
  const login = await open('/session', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ password: PASSWORD }).toString(),
  });
  recipient.cookie = (login.headers.getSetCookie().find((c) => c.startsWith('paddock_share=')) ?? '').split(
    ';',
  )[0];
  if (!recipient.cookie) throw new Error(`the share's password POST answered ${login.status}`);

  const firstPage = async () => {
    const page = await timed(async () => {
      const res = await open();
      if (res.status !== 200) throw new Error(`the recipient page answered ${res.status}`);
      return res.text();
    });
    const pictures = [...page.value.matchAll(/<img src="([^"]+)"/g)]
      .slice(0, FIRST_PICTURES)
      .map((m) => m[1]);
    const origin = new URL(url).origin;
    const queue = [...pictures];
    let bytes = 0;
    const all = await timed(() =>
      Promise.all(
        Array.from({ length: 6 }, async () => {
          for (let src = queue.shift(); src; src = queue.shift()) {
            const res = await fetch(new URL(src.replaceAll('&amp;', '&'), origin), {
              headers: { 'x-forwarded-for': recipient.address, cookie: recipient.cookie },
            });
            if (res.status !== 200) throw new Error(`${src} answered ${res.status}`);
            bytes += (await res.arrayBuffer()).byteLength;
          }
        }),
      ),
    );
    return { pageMs: page.ms, picturesMs: all.ms, pictures: pictures.length, bytes };
  };
  await firstPage();
  const pages = [];
  for (let run = 0; run < 5; run += 1) pages.push(await firstPage());

  // Baselines for the pictures: the same renditions through the portal's own routes, and their
  // files' bytes read straight from the blob store.
  const firstHtml = await (await open()).text();
  // The page's own renditions (preview, poster or thumb), as the portal names them.
  const PORTAL_ROUTE = { preview: 'preview', poster: 'poster', thumb: 'thumbnail' };
  const pictured = [
    ...firstHtml.matchAll(/<img src="[^"]*\/assets\/([0-9a-f-]{36})\/(preview|poster|thumb)"/g),
  ]
    .slice(0, FIRST_PICTURES)
    .map((m) => ({ id: m[1], kind: m[2] }));
  const portal = [];
  const disk = [];
  const { rows: blobs } = await db.query(
    `SELECT d.blob_key FROM provider.derivative d JOIN provider.content c ON c.id = d.content_id
       JOIN unnest($1::uuid[], $2::text[]) AS p(id, kind) ON p.id = d.content_id AND p.kind = d.kind
      WHERE d.version = c.version`,
    [pictured.map((p) => p.id), pictured.map((p) => p.kind)],
  );
  for (let run = 0; run < 6; run += 1) {
    const viaPortal = await timed(() =>
      sixAtATime(pictured, async ({ id, kind }) => {
        const res = await fetch(`${baseUrl}/api/assets/${id}/${PORTAL_ROUTE[kind]}`, {
          headers: mario.headers,
        });
        if (res.status !== 200) throw new Error(`the portal's ${kind} of ${id} answered ${res.status}`);
        return (await res.arrayBuffer()).byteLength;
      }),
    );
    const fromDisk = await timed(() =>
      sixAtATime(
        blobs.map((b) => b.blob_key),
        async (key) => (await readFile(join(blobDir, ...key.split('/')))).byteLength,
      ),
    );
    // The first run warms up, as for the share's page.
    if (run > 0) {
      portal.push(viaPortal.ms);
      disk.push(fromDisk.ms);
    }
  }
  const sortedSubmits = [...submits].sort((a, b) => a - b);
  const sortedPages = pages.map((p) => p.pageMs + p.picturesMs).sort((a, b) => a - b);
  return {
    shared: contentIds.length,
    real: real.length,
    submitP50: percentile(sortedSubmits, 50),
    submitMax: sortedSubmits.at(-1),
    jobP50: median(jobRuns),
    pageP50: percentile(
      pages.map((p) => p.pageMs).sort((a, b) => a - b),
      50,
    ),
    firstScreenP50: percentile(sortedPages, 50),
    picturesP50: median(pages.map((p) => p.picturesMs)),
    pictures: pages[0].pictures,
    kib: pages[0].bytes / 1024,
    directP50: median(direct),
    portalPicturesP50: median(portal),
    diskPicturesP50: median(disk),
    diskPictures: blobs.length,
  };
}

export function sharingRows(r) {
  return [
    [
      `external share of ${r.shared} assets: the job, and submit → URL ready (${RUNS} runs)`,
      `job p50 ${fmt(r.jobP50)} ms; submit → URL p50 ${fmt(r.submitP50)} ms, max ${fmt(r.submitMax)} ms`,
      `provider calls made directly: p50 ${fmt(r.directP50)} ms`,
      `job ${fmt(r.jobP50 / r.directP50, 2)}× (goal <= 2×, P4); submit → URL ${fmt(r.submitP50 / r.directP50, 2)}×`,
    ],
    [
      `external share recipient page: page + first ${r.pictures} pictures (${fmt(r.kib, 0)} KiB, 6 at a time)`,
      `p50 ${fmt(r.firstScreenP50)} ms (page alone ${fmt(r.pageP50)} ms, pictures ${fmt(r.picturesP50)} ms)`,
      `same pictures via the portal's own routes: p50 ${fmt(r.portalPicturesP50)} ms; their ${r.diskPictures} files read from the blob store: p50 ${fmt(r.diskPicturesP50)} ms`,
      `pictures ${fmt(r.picturesP50 / r.portalPicturesP50, 2)}× the portal's; first screen < 1 s`,
    ],
  ];
}
