// ZIP download throughput (POST /api/downloads → downloadId, GET /api/downloads/:id streams the
// ZIP) against reading the same source bytes from disk, in the same run; and the same ZIP asked of the
// provider directly (archive/prepare, then the form POST download), which tells the hub's share apart.
import { createReadStream } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { DEMO_PASSWORD } from './hub-client.mjs';
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
  const res = await fetch(`${client.baseUrl}/api/downloads/${downloadId}`, { headers: client.headers });
  if (!res.ok) throw new Error(`GET /api/downloads/${downloadId} answered ${res.status}`);
  let firstByteMs;
  let bytes = 0;
  for await (const chunk of res.body) {
    firstByteMs ??= performance.now() - t0;
    bytes += chunk.length;
  }
  const announced = res.headers.get('content-length');
  if (announced !== null && Number(announced) !== bytes)
    throw new Error(`the ZIP announced ${announced} bytes and sent ${bytes}`);
  return { bytes, firstByteMs };
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
  const res = await fetch(`${providerUrl}/xcontents/resources/archive/download/${CLIENT}`, {
    method: 'POST',
    body: new URLSearchParams({ tokenId: token, downloadId, saveAs: 'bench' }),
  });
  if (!res.ok) throw new Error(`the provider's archive download answered ${res.status}`);
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
  const token = await serviceLogin(providerUrl, username, DEMO_PASSWORD);
  let bytes = 0;
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
  };
}
