// External share of 500 assets through the hub (SPEC §9 limit): submit → the job's URL ready,
// watched via GET /api/jobs/:id; then the recipient page as a browser first opens it: the password
// POST, the page, and its first 24 pictures fetched 6 at a time (a browser's connections per host).
// The demo seed's archive assets (real derivatives) come first in the share, SQL-seeded ones after.
import { fmt, percentile, signIn } from './hub-client.mjs';
import { seedContentsIn } from './workflow.mjs';

const SHARED = 500;
const FIRST_PICTURES = 24;
const PASSWORD = 'Bench-Press-Kit-2026#Spider';
const RUNS = 3;

export const SHARING_METHOD = `- **External share**: mario.rossi shares ${SHARED} assets of the Marketing department archive
  by link (\`POST /api/external-shares\`, the demo seed's assets with their derivatives first, the rest
  inserted by SQL), timed from the submit to the job's completion with the URL (polled every 50 ms),
  ${RUNS} runs. The recipient page: the password POST, \`GET\` of the page (${SHARED} assets listed,
  pictures lazy), then its first pictures (up to ${FIRST_PICTURES}; only assets with derivatives have one)
  6 at a time, each after a warm-up open.`;

async function timed(fn) {
  const t0 = performance.now();
  const value = await fn();
  return { ms: performance.now() - t0, value };
}

export async function benchSharing(db, { baseUrl }) {
  const { rows: folders } = await db.query(
    `SELECT id FROM provider.category WHERE pretty_id = 'arch04-marketing'`,
  );
  const archiveId = folders[0]?.id;
  if (!archiveId) throw new Error('The Marketing department archive is missing: was the demo seed run?');
  const { rows: real } = await db.query(
    `SELECT DISTINCT cc.content_id AS id FROM provider.content_category cc
       JOIN provider.derivative d ON d.content_id = cc.content_id
      WHERE cc.category_id = $1`,
    [archiveId],
  );
  const seeded = await seedContentsIn(db, SHARED - real.length, 'Cartella stampa', [archiveId]);
  const contentIds = [...real.map((r) => r.id), ...seeded];
  const mario = await signIn(baseUrl);

  const submits = [];
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
        if (job.state === 'completed') return job.result.url;
        if (job.state === 'failed') throw new Error(`share job failed: ${job.errorCode}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    });
    submits.push(ms);
    url = value;
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
  const sortedSubmits = [...submits].sort((a, b) => a - b);
  const sortedPages = pages.map((p) => p.pageMs + p.picturesMs).sort((a, b) => a - b);
  return {
    shared: contentIds.length,
    real: real.length,
    submitP50: percentile(sortedSubmits, 50),
    submitMax: sortedSubmits.at(-1),
    pageP50: percentile(
      pages.map((p) => p.pageMs).sort((a, b) => a - b),
      50,
    ),
    firstScreenP50: percentile(sortedPages, 50),
    pictures: pages[0].pictures,
    kib: pages[0].bytes / 1024,
  };
}

export function sharingRows(r) {
  return [
    [
      `external share of ${r.shared} assets: submit → URL ready (${RUNS} runs)`,
      `p50 ${fmt(r.submitP50)} ms, max ${fmt(r.submitMax)} ms`,
      '-',
      'job, not the request, carries the work',
    ],
    [
      `external share recipient page: page + first ${r.pictures} pictures (${fmt(r.kib, 0)} KiB, 6 at a time)`,
      `p50 ${fmt(r.firstScreenP50)} ms (page alone ${fmt(r.pageP50)} ms)`,
      '-',
      'first screen < 1 s',
    ],
  ];
}
