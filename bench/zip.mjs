// ZIP download throughput (POST /api/downloads → downloadId, GET /api/downloads/:id streams the
// ZIP) against reading the same source bytes from disk, in the same run; and the same ZIP asked of the
// provider directly (archive/prepare, then the form POST download), which tells the hub's share apart;
// and the same bytes served by a bare node:http process, the loopback's own ceiling.
// Bodies are read with undici's request (Node streams): fetch's web streams cost the reading side
// about a third of a core at these rates (docs/benchmarks.md), which is the client's, not the hub's.
import { createReadStream } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { request } from 'undici';
import { DEMO_PASSWORD, startChildServer } from './hub-client.mjs';
import { providerCall, serviceLogin } from './workflow.mjs';

const CLIENT = 'paddock';

/**
 * Streams a ZIP of the contents to a null sink: its size and the milliseconds from the GET to its
 * first byte; null when the downloads feature is not there. A length the hub announced must be the
 * number of bytes it sent.
 */
export async function downloadZip(client, contentIds) {
  const created = await fetch(`${client.baseUrl}/api/downloads`, {
    method: 'POST',
    headers: { ...client.headers, 'content-type': 'application/json' },
    body: JSON.stringify({ contentIds, images: ['original'], videos: ['original'] }),
  });
  if (created.status === 404) return null;
  if (!created.ok) throw new Error(`POST /api/downloads answered ${created.status}: ${await created.text()}`);
  const { downloadId } = await created.json();
  const t0 = performance.now();
  const res = await request(`${client.baseUrl}/api/downloads/${downloadId}`, { headers: client.headers });
  if (res.statusCode !== 200) {
    await res.body.dump();
    throw new Error(`GET /api/downloads/${downloadId} answered ${res.statusCode}`);
  }
  const drained = await drain(res, t0);
  const announced = res.headers['content-length'];
  if (announced !== undefined && Number(announced) !== drained.bytes)
    throw new Error(`the ZIP announced ${announced} bytes and sent ${drained.bytes}`);
  return drained;
}

/** Counts a streamed answer's bytes; the milliseconds from `t0` to its first byte. */
async function drain(res, t0) {
  let firstByteMs;
  let bytes = 0;
  for await (const chunk of res.body) {
    firstByteMs ??= performance.now() - t0;
    bytes += chunk.length;
  }
  return { bytes, firstByteMs };
}

/** The files, one after the other, as a bare node:http process in its own process sends them (1 MiB reads, as the blob store's). */
const RAW_SERVER = `
const { createServer } = require('node:http');
const { createReadStream } = require('node:fs');
const { pipeline } = require('node:stream/promises');
const files = JSON.parse(process.argv[1]);
const server = createServer(async (req, res) => {
  res.writeHead(200, { 'content-type': 'application/octet-stream' });
  // Each file's pipeline leaves its listeners on the answer until it ends: 8 files would warn.
  res.setMaxListeners(files.length * 2 + 10);
  for (const file of files) await pipeline(createReadStream(file, { highWaterMark: 1 << 20 }), res, { end: false });
  res.end();
});
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
`;

/** The same ZIP asked of the provider directly with the user's own token: the provider's zip, no hub. */
async function providerZip(providerUrl, token, contentIds) {
  const { downloadId } = await providerCall(
    providerUrl,
    token,
    `/xcontents/resources/archive/prepare/${CLIENT}`,
    {
      criteria: { xcontentIds: contentIds },
      options: { image: ['SOURCE'], video: ['SOURCE'], locale: 'EN' },
    },
  );
  const t0 = performance.now();
  const res = await request(`${providerUrl}/xcontents/resources/archive/download/${CLIENT}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ tokenId: token, downloadId, saveAs: 'bench' }).toString(),
  });
  if (res.statusCode !== 200) {
    await res.body.dump();
    throw new Error(`the provider's archive download answered ${res.statusCode}`);
  }
  return drain(res, t0);
}

async function readFiles(paths) {
  let bytes = 0;
  for (const p of paths) for await (const chunk of createReadStream(p)) bytes += chunk.length;
  return bytes;
}

const ROUNDS = 5;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * `files`: [{ contentId, path }] of uploaded contents and their local copies. ZIP and disk read are
 * interleaved over ROUNDS rounds and each rate is the median, so a burst of other work on the box
 * weighs on both sides alike instead of deciding the ratio with one sample.
 */
export async function benchZip(client, files, { providerUrl, username = 'mario.rossi' }) {
  const zipRates = [];
  const diskRates = [];
  const providerRates = [];
  const firstBytes = [];
  const providerFirstBytes = [];
  const rawRates = [];
  const token = await serviceLogin(providerUrl, username, DEMO_PASSWORD);
  const raw = await startChildServer(RAW_SERVER, JSON.stringify(files.map((f) => f.path)));
  let bytes = 0;
  try {
    for (let round = 0; round < ROUNDS; round += 1) {
      const t0 = performance.now();
      const zip = await downloadZip(
        client,
        files.map((f) => f.contentId),
      );
      if (zip === null) return { available: false };
      const zipBytes = zip.bytes;
      zipRates.push(zipBytes / ((performance.now() - t0) / 1000));
      firstBytes.push(zip.firstByteMs);
      const t1 = performance.now();
      const diskBytes = await readFiles(files.map((f) => f.path));
      diskRates.push(diskBytes / ((performance.now() - t1) / 1000));
      if (zipBytes < diskBytes)
        throw new Error(`the ZIP holds ${zipBytes} bytes, less than its ${diskBytes} bytes of files`);
      bytes = zipBytes;
      const t2 = performance.now();
      const direct = await providerZip(
        providerUrl,
        token,
        files.map((f) => f.contentId),
      );
      providerRates.push(direct.bytes / ((performance.now() - t2) / 1000));
      providerFirstBytes.push(direct.firstByteMs);
      const t3 = performance.now();
      const plain = await drain(await request(raw.url), t3);
      rawRates.push(plain.bytes / ((performance.now() - t3) / 1000));
    }
  } finally {
    raw.stop();
  }
  const zipRate = median(zipRates);
  const diskRate = median(diskRates);
  return {
    available: true,
    files: files.length,
    rounds: ROUNDS,
    bytes,
    zipRate,
    diskRate,
    firstByteMs: median(firstBytes),
    ratio: zipRate / diskRate,
    providerRate: median(providerRates),
    providerFirstByteMs: median(providerFirstBytes),
    rawHttpRate: median(rawRates),
  };
}
