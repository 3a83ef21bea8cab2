import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import { ASSET_ERROR_CODES } from '@paddock/rules';
import { BLOB_STORE, type BlobStore } from '../../src/blob-store/blob-store';
import { CLOCK, type Clock } from '../../src/common/clock';
import { JobName } from '../../src/jobs/job-catalogue';
import { JobsService } from '../../src/jobs/jobs.service';
import { headersOf, hubDb, PASSWORD, providerDb, signIn, type SignedIn } from '../auth/auth-fixtures';
import { derivativesRequested } from '../derivatives/derivatives-fixtures';
import { startTestApp, type TestApp } from '../support/test-app';
import { seedMarketingWriters } from '../support/writable-folder';
import { tusUpload } from '../support/tus-client';

jest.setTimeout(120_000);

/** Small bounds, so the tests send a few bytes: 1 KiB at most, expiry after 24 h. */
const MAX = 1024;
const HOUR = 3_600_000;

let t: TestApp;
let blobDir: string;
let writer: SignedIn;
let folderId: string;

const tus = (s: SignedIn, headers: Record<string, string> = {}) => ({
  ...headersOf(s),
  'Tus-Resumable': '1.0.0',
  ...headers,
});
const metadataOf = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
    .join(',');

/** POST /api/uploads with these length headers; the Location of a created upload. */
async function create(lengthHeaders: Record<string, string>) {
  const res = await fetch(`${t.url}/api/uploads`, {
    method: 'POST',
    headers: tus(writer, {
      ...lengthHeaders,
      'Upload-Metadata': metadataOf({ filename: 'a.bin', folderId }),
    }),
  });
  const location = res.headers.get('location');
  return { res, url: location ? new URL(location, t.url).toString() : '' };
}

function patch(url: string, offset: number, body: Buffer, headers: Record<string, string> = {}) {
  return fetch(url, {
    method: 'PATCH',
    headers: tus(writer, {
      'Upload-Offset': String(offset),
      'Content-Type': 'application/offset+octet-stream',
      ...headers,
    }),
    body: new Uint8Array(body),
  });
}

const head = (url: string) => fetch(url, { method: 'HEAD', headers: tus(writer) });
const uploadFiles = async () => (await readdir(join(blobDir, 'uploads'))).sort();

/** Runs a job of the catalogue to its end, with the app's clock at `now` meanwhile. */
async function run(name: JobName, now?: Date): Promise<{ jobId: string; result: unknown }> {
  const clock: Clock = t.app.get(CLOCK);
  const spy = now ? jest.spyOn(clock, 'now').mockReturnValue(now) : undefined;
  try {
    const { jobId } = await t.app.get(JobsService).submit(name, {}, 'system');
    for (;;) {
      const job = await hubDb(t).jobRecord.findUniqueOrThrow({ where: { id: jobId } });
      if (job.state === 'completed') return { jobId, result: job.result };
      if (job.state === 'failed') throw new Error(`${name} failed: ${job.errorCode}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  } finally {
    spy?.mockRestore();
  }
}

beforeAll(async () => {
  blobDir = await mkdtemp(join(tmpdir(), 'paddock-bounds-'));
  t = await startTestApp({ BLOB_DIR: blobDir, UPLOAD_MAX_BYTES: String(MAX), UPLOAD_EXPIRY_HOURS: '24' });
  folderId = await seedMarketingWriters(t, 'arch04-marketing', ['writer.one']);
  writer = await signIn(t, 'writer.one', PASSWORD, '198.51.100.21');
});

afterAll(async () => {
  await t?.close();
  await rm(blobDir, { recursive: true, force: true });
});

describe('uploads are bounded in size', () => {
  it('announces the maximum as Tus-Max-Size on OPTIONS', async () => {
    const res = await fetch(`${t.url}/api/uploads`, { method: 'OPTIONS', headers: tus(writer) });
    expect(res.status).toBe(204);
    expect(res.headers.get('tus-max-size')).toBe(String(MAX));
  });

  it.each([String(MAX + 1), String(1024 ** 4)])(
    'refuses the creation of an upload of %s bytes with 413 and its code, and keeps nothing',
    async (length) => {
      const before = await uploadFiles();
      const { res, url } = await create({ 'Upload-Length': length });
      expect(res.status).toBe(413);
      expect(url).toBe('');
      expect(await res.json()).toMatchObject({
        code: ASSET_ERROR_CODES.UPLOAD_TOO_LARGE,
        details: { maxBytes: MAX },
        correlationId: expect.any(String),
      });
      expect(await uploadFiles()).toEqual(before);
    },
  );

  it('takes an upload of exactly the maximum', async () => {
    const done = await tusUpload(t, writer, Buffer.alloc(MAX, 7), { filename: 'max.bin', folderId });
    expect(done.create.status).toBe(201);
    expect(done.result?.status).toBe(200);
  });

  it('hands the finished file to the built-in provider: the file the chunks wrote becomes the source, never copied, measured by the derivatives job', async () => {
    const bytes = randomBytes(MAX);
    const { res, url } = await create({ 'Upload-Length': String(MAX) });
    expect(res.status).toBe(201);
    expect((await patch(url, 0, bytes.subarray(0, 512))).status).toBe(204);
    const id = url.split('/').pop() as string;
    const { ino } = await stat(join(blobDir, 'uploads', id));
    expect((await patch(url, 512, bytes.subarray(512))).status).toBe(204);
    const result = await fetch(`${url}/result`, { headers: headersOf(writer) });
    const { contentId } = (await result.json()) as { contentId: string };
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const source = await providerDb(t).contentSource.findFirstOrThrow({ where: { contentId } });
    // Taken unread: the digest waits for the derivatives job (null unless it has already run).
    expect([null, sha256]).toContain(source.sha256);
    expect([null, BigInt(crc32(bytes))]).toContain(source.crc32);
    expect(source.size).toBe(BigInt(MAX));
    const stored = join(blobDir, ...source.blobKey.split('/'));
    expect((await stat(stored)).ino).toBe(ino);
    expect(await readFile(stored)).toStrictEqual(bytes);
    expect(await uploadFiles()).not.toContain(id);
    expect(await derivativesRequested(t, contentId)).toMatchObject({ state: 'completed' });
    expect(await providerDb(t).contentSource.findFirstOrThrow({ where: { contentId } })).toMatchObject({
      sha256,
      crc32: BigInt(crc32(bytes)),
    });
  });

  it('does not let a deferred length go past the maximum, declared or sent', async () => {
    const { res, url } = await create({ 'Upload-Defer-Length': '1' });
    expect(res.status).toBe(201);

    const declared = await patch(url, 0, Buffer.alloc(0), { 'Upload-Length': String(MAX + 1) });
    expect(declared.status).toBe(413);
    expect(await declared.json()).toMatchObject({ code: ASSET_ERROR_CODES.UPLOAD_TOO_LARGE });

    const sent = await patch(url, 0, Buffer.alloc(MAX + 1, 1));
    expect(sent.status).toBe(413);
    const after = await head(url);
    expect(after.headers.get('upload-offset')).toBe('0');
    expect(after.headers.get('upload-defer-length')).toBe('1');
  });
});

describe('unfinished uploads expire and the purge removes their bytes', () => {
  it('announces Upload-Expires, removes expired unfinished uploads only, on the app clock, twice without harm', async () => {
    const created = Date.now();
    const { res, url } = await create({ 'Upload-Length': '600' });
    expect(res.status).toBe(201);
    const expires = Date.parse(res.headers.get('upload-expires') ?? '');
    expect(Math.abs(expires - (created + 24 * HOUR))).toBeLessThan(5_000);
    expect((await patch(url, 0, Buffer.alloc(300, 2))).status).toBe(204);
    const id = url.split('/').pop() as string;
    const finished = await tusUpload(t, writer, Buffer.alloc(100, 3), { filename: 'done.bin', folderId });
    expect(finished.result?.status).toBe(200);
    const { contentId } = finished.result?.body as { contentId: string };

    // Before the expiry every unfinished upload stays.
    const early = await run(JobName.PurgeExpiredUploads, new Date(created + 23 * HOUR));
    expect(early.result).toMatchObject({ removed: 0 });
    expect(await uploadFiles()).toEqual(expect.arrayContaining([id, `${id}.json`]));
    expect((await head(url)).status).toBe(200);

    const first = await run(JobName.PurgeExpiredUploads, new Date(created + 25 * HOUR));
    expect(first.result).toMatchObject({ removed: expect.any(Number), kept: 0 });
    expect((first.result as { removed: number }).removed).toBeGreaterThanOrEqual(1);
    expect(await uploadFiles()).toEqual([]);
    expect([404, 410]).toContain((await head(url)).status);
    expect([404, 410]).toContain((await patch(url, 300, Buffer.alloc(300, 2))).status);
    const audit = await hubDb(t).auditRecord.findMany({ where: { jobId: first.jobId } });
    expect(audit).toEqual([
      expect.objectContaining({
        action: JobName.PurgeExpiredUploads,
        outcome: 'success',
        after: first.result,
      }),
    ]);

    // The finished upload is untouched: its outcome and its content stay.
    const result = await fetch(`${t.url}/api/uploads/${finished.id}/result`, { headers: headersOf(writer) });
    expect(result.status).toBe(200);
    expect(await providerDb(t).content.count({ where: { id: contentId, trashedAt: null } })).toBe(1);

    const second = await run(JobName.PurgeExpiredUploads, new Date(created + 26 * HOUR));
    expect(second.result).toEqual({ removed: 0, kept: 0 });
  });
});

describe("the built-in provider's incoming/ orphans", () => {
  it('removes files older than the expiry that no content uses, keeps recent and used ones, twice without harm', async () => {
    const blobs: BlobStore = t.app.get(BLOB_STORE);
    const user = randomUUID();
    const key = (name: string) => `incoming/${user}/${randomUUID()}/${name}`;
    const [orphan, recent, used] = [key('orphan.jpg'), key('recent.jpg'), key('used.jpg')];
    for (const k of [orphan, recent, used]) await blobs.put(k, Readable.from([Buffer.from(k)]));
    const old = new Date(Date.now() - 25 * HOUR);
    for (const k of [orphan, used]) await utimes(join(blobDir, ...k.split('/')), old, old);
    await providerDb(t).content.create({
      data: {
        contentType: 'IMAGE',
        sourceExtension: 'jpg',
        ownerUsername: 'writer.one',
        sources: {
          create: {
            version: 1,
            blobKey: used,
            fileName: 'used.jpg',
            mimeType: 'image/jpeg',
            size: 10n,
            createdBy: 'writer.one',
          },
        },
      },
    });

    const first = await run(JobName.PurgeIncomingOrphans);
    expect(await blobs.exists(orphan)).toBe(false);
    expect(await blobs.exists(recent)).toBe(true);
    expect(await blobs.exists(used)).toBe(true);
    expect(first.result).toMatchObject({ removed: 1 });
    expect(await hubDb(t).auditRecord.findMany({ where: { jobId: first.jobId } })).toEqual([
      expect.objectContaining({
        action: JobName.PurgeIncomingOrphans,
        outcome: 'success',
        after: first.result,
      }),
    ]);

    const second = await run(JobName.PurgeIncomingOrphans);
    expect(second.result).toEqual({ removed: 0, kept: (first.result as { kept: number }).kept });
    expect(await blobs.exists(recent)).toBe(true);
    expect(await blobs.exists(used)).toBe(true);
  });
});
