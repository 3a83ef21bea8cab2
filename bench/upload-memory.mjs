// The flat-memory check: a 1 GiB file through tus (/api/uploads) into a folder, then downloaded
// back (original, and a ZIP when the downloads feature answers), sampling the hub's RSS every
// 200 ms. The file is generated streaming to a temp file and deleted afterwards.
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { MB, rssSampler, startChildServer } from './hub-client.mjs';

const GIB = 1024 * MB;
const CHUNK = 64 * MB;
/** The phases' names, which the bench's table compares. */
export const TUS_UPLOAD = 'upload (tus, 64 MiB PATCHes)';
export const RAW_PUT = 'raw HTTP PUT to the blob directory (64 MiB PUTs, baseline)';

/** Random-ish bytes that do not compress: a 1 MiB random block, each copy varied by its index. */
async function writeFile(path, size) {
  const block = randomBytes(MB);
  let written = 0;
  await pipeline(
    Readable.from(
      (function* () {
        for (let i = 0; written < size; i += 1) {
          const chunk = Buffer.from(block);
          chunk.writeUInt32BE(i, 0);
          written += chunk.length;
          yield chunk;
        }
      })(),
    ),
    createWriteStream(path),
  );
}

const b64 = (s) => Buffer.from(s).toString('base64');

/** `marks.ended` is set when the last PATCH is answered: the upload's end as the user sees it. */
export async function tusUpload(client, path, size, filename, folderId, marks = {}) {
  const base = client.baseUrl;
  const create = await fetch(`${base}/api/uploads`, {
    method: 'POST',
    headers: {
      ...client.headers,
      'tus-resumable': '1.0.0',
      'upload-length': String(size),
      'upload-metadata': `filename ${b64(filename)},folderId ${b64(folderId)}`,
    },
  });
  if (create.status !== 201) throw new Error(`tus POST answered ${create.status}: ${await create.text()}`);
  const location = new URL(create.headers.get('location'), `${base}/api/uploads/`).toString();
  const uploadId = location.split('/').pop();
  for (let offset = 0; offset < size; offset += CHUNK) {
    const end = Math.min(size, offset + CHUNK) - 1;
    const res = await fetch(location, {
      method: 'PATCH',
      headers: {
        ...client.headers,
        'tus-resumable': '1.0.0',
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
        'content-length': String(end - offset + 1),
      },
      body: Readable.toWeb(createReadStream(path, { start: offset, end })),
      duplex: 'half',
    });
    if (res.status !== 204)
      throw new Error(`tus PATCH at ${offset} answered ${res.status}: ${await res.text()}`);
  }
  marks.ended = performance.now();
  const result = await client.get(`/api/uploads/${uploadId}/result`);
  return result.contentId;
}

/** A bare node:http server in its own process that writes each PUT into `target` at its `offset`. */
const RAW_PUT_SERVER = `
const { createServer } = require('node:http');
const { createWriteStream } = require('node:fs');
const { pipeline } = require('node:stream/promises');
const target = process.argv[1];
const server = createServer((req, res) => {
  const start = Number(new URL(req.url, 'http://x').searchParams.get('offset'));
  pipeline(req, createWriteStream(target, { flags: start === 0 ? 'w' : 'r+', start })).then(
    () => res.writeHead(204).end(),
    (err) => res.writeHead(500).end(String(err)),
  );
});
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
`;

/**
 * The baseline of the tus upload: the same file in raw HTTP PUTs of the same size to a bare server
 * that writes it to a file in `dir` (the hub's blob directory: the same disk). The server has a
 * process of its own, as the hub has: sharing this client's event loop slowed it below the hub.
 */
async function rawPut(path, size, dir) {
  const target = join(dir, `bench-raw-put-${process.pid}.bin`);
  const server = await startChildServer(RAW_PUT_SERVER, target);
  try {
    const { url } = server;
    for (let offset = 0; offset < size; offset += CHUNK) {
      const end = Math.min(size, offset + CHUNK) - 1;
      const res = await fetch(`${url}?offset=${offset}`, {
        method: 'PUT',
        headers: { 'content-length': String(end - offset + 1) },
        body: Readable.toWeb(createReadStream(path, { start: offset, end })),
        duplex: 'half',
      });
      if (res.status !== 204) throw new Error(`raw PUT at ${offset} answered ${res.status}`);
    }
  } finally {
    server.stop();
    await rm(target, { force: true });
  }
}

/** Reads a response body to the end, counting bytes (a null sink). */
export async function drain(res) {
  let bytes = 0;
  for await (const chunk of res.body) bytes += chunk.length;
  return bytes;
}

export async function benchGibUpload(client, { pid, folderId, blobDir, size = GIB, zip }) {
  const dir = await mkdtemp(join(tmpdir(), 'paddock-bench-gib-'));
  const path = join(dir, 'big.bin');
  try {
    await writeFile(path, size);
    await new Promise((r) => setTimeout(r, 1000));
    const sampler = rssSampler(pid);
    const baseline = sampler.read();
    const phases = {};
    const phase = async (name, fn) => {
      const t0 = performance.now();
      const before = sampler.samples.length;
      const out = await fn();
      const seconds = (performance.now() - t0) / 1000;
      const during = sampler.samples.slice(before).concat(sampler.read());
      phases[name] = { seconds, mbPerSec: size / MB / seconds, maxGrowth: Math.max(...during) - baseline };
      return out;
    };
    await phase(RAW_PUT, () => rawPut(path, size, blobDir));
    const contentId = await phase(TUS_UPLOAD, () =>
      tusUpload(client, path, size, 'bench-1gib.bin', folderId),
    );
    await phase('download original', async () => {
      const res = await fetch(`${client.baseUrl}/api/assets/${contentId}/original`, {
        headers: client.headers,
      });
      if (!res.ok) throw new Error(`original answered ${res.status}`);
      const bytes = await drain(res);
      if (bytes !== size) throw new Error(`original had ${bytes} bytes, expected ${size}`);
    });
    let zipNote = 'not measured: the downloads feature did not answer';
    if (zip) {
      const done = await phase('download ZIP', () => zip([contentId]));
      if (done === null) delete phases['download ZIP'];
      else zipNote = 'measured';
    }
    const { max } = sampler.stop();
    return { size, baseline, maxGrowth: max - baseline, phases, contentId, zipNote };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
