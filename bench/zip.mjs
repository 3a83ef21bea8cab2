// ZIP download throughput (POST /api/downloads → downloadId, GET /api/downloads/:id streams the
// ZIP) against reading the same source bytes from disk, in the same run.
import { createReadStream } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { drain } from './upload-memory.mjs';

/** Streams a ZIP of the contents to a null sink; null when the downloads feature is not there. */
export async function downloadZip(client, contentIds) {
  const created = await fetch(`${client.baseUrl}/api/downloads`, {
    method: 'POST',
    headers: { ...client.headers, 'content-type': 'application/json' },
    body: JSON.stringify({ contentIds, images: ['original'], videos: ['original'] }),
  });
  if (created.status === 404) return null;
  if (!created.ok) throw new Error(`POST /api/downloads answered ${created.status}: ${await created.text()}`);
  const { downloadId } = await created.json();
  const res = await fetch(`${client.baseUrl}/api/downloads/${downloadId}`, { headers: client.headers });
  if (!res.ok) throw new Error(`GET /api/downloads/${downloadId} answered ${res.status}`);
  return drain(res);
}

async function readFiles(paths) {
  let bytes = 0;
  for (const p of paths) for await (const chunk of createReadStream(p)) bytes += chunk.length;
  return bytes;
}

/** `files`: [{ contentId, path }] of uploaded contents and their local copies. */
export async function benchZip(client, files) {
  const t0 = performance.now();
  const bytes = await downloadZip(
    client,
    files.map((f) => f.contentId),
  );
  if (bytes === null) return { available: false };
  const zipSeconds = (performance.now() - t0) / 1000;
  const t1 = performance.now();
  const diskBytes = await readFiles(files.map((f) => f.path));
  const diskSeconds = (performance.now() - t1) / 1000;
  if (bytes < diskBytes)
    throw new Error(`the ZIP holds ${bytes} bytes, less than its ${diskBytes} bytes of files`);
  const zipRate = bytes / zipSeconds;
  const diskRate = diskBytes / diskSeconds;
  return { available: true, files: files.length, bytes, zipRate, diskRate, ratio: zipRate / diskRate };
}
