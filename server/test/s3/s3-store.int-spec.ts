import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { Upload } from '@aws-sdk/lib-storage';
import type { UploadResult } from '@paddock/rules';
import sharp from 'sharp';
import { BLOB_STORE, type BlobStore } from '../../src/blob-store/blob-store';
import { createS3Client, S3BlobStore } from '../../src/blob-store/s3-blob-store';
import { demoVideo } from '../../src/seed/demo-content';
import { headersOf, PASSWORD, providerDb, signIn, type SignedIn } from '../auth/auth-fixtures';
import { runFfprobe } from '../derivatives/media-files';
import { startTestApp, type TestApp } from '../support/test-app';
import { seedMarketingWriters } from '../support/writable-folder';
import { tusUpload } from '../support/tus-client';
import { S3RVER_KEY, startTestS3, type TestS3 } from './s3-server';

const run = promisify(execFile);

// Whole-app integration with ffmpeg on 2 shared cores: Jest reads the timeout only at the top level.
jest.setTimeout(180_000);

const BUCKET = 'paddock-it';

let s3: TestS3;
let t: TestApp;
let work: string;
let writer: SignedIn;
let writerToken: string;
let writerId: string;
let folderId: string;

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const store = () => t.app.get<BlobStore>(BLOB_STORE);

async function read(key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await store().get(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A tus upload in two PATCHes into the test folder; answers the result of the upload. */
async function uploaded(bytes: Buffer, filename: string, filetype: string): Promise<UploadResult> {
  const { create, result } = await tusUpload(t, writer, bytes, { filename, filetype, folderId }, 2);
  expect(create.status).toBe(201);
  expect(result?.status).toBe(200);
  return result?.body as UploadResult;
}

/** The content's state once its derivatives job has ended (READY or FAILED). */
async function settled(contentId: string): Promise<string> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const { state } = await providerDb(t).content.findUniqueOrThrow({ where: { id: contentId } });
    if (state !== 'PROCESSING') return state;
    if (Date.now() > deadline) throw new Error(`content ${contentId} still PROCESSING`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function providerCall(method: string, path: string, token: string | undefined, json?: unknown) {
  const res = await fetch(`${t.url}/provider${path}`, {
    method,
    headers: {
      ...(token ? { 'x-tokenid': token } : {}),
      ...(json !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: json !== undefined ? JSON.stringify(json) : undefined,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

function insertBody(s3Source: Record<string, unknown>) {
  return {
    param: {
      contentType: 'IMAGE',
      contentOpt: {
        basicInfoByLocale: [{ locale: 'EN', name: 'direct.jpg' }],
        linkedCategoryIds: [folderId],
      },
      sources: [{ s3: s3Source }],
    },
  };
}

beforeAll(async () => {
  s3 = await startTestS3();
  await s3.createBucket(BUCKET);
  work = await mkdtemp(join(tmpdir(), 'paddock-s3-it-'));
  t = await startTestApp({
    BLOB_DIR: join(work, 'blobs'),
    BLOB_STORE: 's3',
    S3_ENDPOINT: s3.endpoint,
    S3_BUCKET: BUCKET,
    S3_ACCESS_KEY: S3RVER_KEY.accessKeyId,
    S3_SECRET_KEY: S3RVER_KEY.secretAccessKey,
  });
  folderId = await seedMarketingWriters(t, 'dept-marketing', ['writer.s3']);
  writer = await signIn(t, 'writer.s3', PASSWORD, '198.51.100.41');
  const login = await fetch(`${t.url}/provider/xsso/resources/accessmanager/login/${t.config.CLIENT_ID}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: 'writer.s3', password: PASSWORD }).toString(),
  });
  writerToken = ((await login.json()) as { tokenId: string }).tokenId;
  writerId = (await providerDb(t).user.findUniqueOrThrow({ where: { username: 'writer.s3' } })).id;
});

afterAll(async () => {
  await t?.close();
  await s3?.close();
  await rm(work, { recursive: true, force: true });
});

describe('BLOB_STORE=s3 end to end (s3rver on loopback, PostgreSQL, Redis, sharp, ffmpeg)', () => {
  let image: Buffer;
  let video: Buffer;
  let imageId: string;
  let videoId: string;

  it('boots on the S3 store', () => {
    expect(store()).toBeInstanceOf(S3BlobStore);
  });

  it('hands out upload credentials for a fresh prefix of the caller, and only with a valid token', async () => {
    const path = '/xpackager/resources/repository/getS3UploadCredentials?clientId=paddock';
    const first = await providerCall('GET', path, writerToken);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      resultCode: 'OK',
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', sessionToken: '' },
      bucketName: BUCKET,
      region: 'us-east-1',
    });
    expect(first.body.path).toMatch(new RegExp(`^incoming/${writerId}/[0-9a-f-]{36}$`));
    const second = await providerCall('GET', path, writerToken);
    expect(second.body.path).not.toBe(first.body.path);
    expect((await providerCall('GET', path, undefined)).status).toBe(403);
    expect((await providerCall('GET', path, 'not-a-token')).status).toBe(403);
  });

  it('uploads a JPEG and an MP4 through tus: the hub writes them to S3 (AES256), the provider moves them', async () => {
    image = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#2e86de' } })
      .jpeg()
      .toBuffer();
    video = await demoVideo(work, {
      seconds: 2,
      width: 320,
      height: 240,
      pattern: 'testsrc',
      frequency: 440,
    });
    const from = s3.requests.length;
    imageId = (await uploaded(image, 'blue car.jpg', 'image/jpeg')).contentId;
    videoId = (await uploaded(video, 'spot.mp4', 'video/mp4')).contentId;

    // The hub's writes: into the caller's incoming prefix, with server-side encryption asked for.
    const writes = s3.requests
      .slice(from)
      .filter((r) => r.method === 'PUT' && r.url.startsWith(`/${BUCKET}/incoming/`));
    expect(writes.map((r) => decodeURIComponent(r.url.split('?')[0]))).toEqual([
      expect.stringMatching(
        new RegExp(`^/${BUCKET}/incoming/${writerId}/[0-9a-f-]{36}/[0-9a-f-]{36}/blue_car\\.jpg$`),
      ),
      expect.stringMatching(
        new RegExp(`^/${BUCKET}/incoming/${writerId}/[0-9a-f-]{36}/[0-9a-f-]{36}/spot\\.mp4$`),
      ),
    ]);
    for (const write of writes) expect(write.headers['x-amz-server-side-encryption']).toBe('AES256');

    // removeSourceFile: nothing is left in the incoming area once the contents exist.
    for (const write of writes) {
      const key = decodeURIComponent(write.url.split('?')[0]).slice(`/${BUCKET}/`.length);
      expect(await store().exists(key)).toBe(false);
    }

    for (const [id, bytes, extension] of [
      [imageId, image, 'jpg'],
      [videoId, video, 'mp4'],
    ] as const) {
      const source = await providerDb(t).contentSource.findUniqueOrThrow({
        where: { contentId_version: { contentId: id, version: 1 } },
      });
      expect(source).toMatchObject({
        blobKey: `contents/${id}/v1/source.${extension}`,
        size: BigInt(bytes.length),
        sha256: sha256(bytes),
      });
      expect(sha256(await read(source.blobKey))).toBe(sha256(bytes));
    }
    const detail = await fetch(`${t.url}/api/assets/${imageId}`, { headers: headersOf(writer) });
    expect(detail.status).toBe(200);
    expect(await detail.json()).toMatchObject({ id: imageId, type: 'IMAGE', size: image.length });
  });

  it('makes a real thumbnail, and a poster and a playable proxy from the S3-stored sources', async () => {
    expect(await settled(imageId)).toBe('READY');
    expect(await settled(videoId)).toBe('READY');

    const thumbRes = await fetch(`${t.url}/api/assets/${imageId}/thumbnail`, { headers: headersOf(writer) });
    expect(thumbRes.status).toBe(200);
    const thumb = await sharp(Buffer.from(await thumbRes.arrayBuffer())).metadata();
    expect(thumb.width).toBeLessThanOrEqual(640);
    expect(['jpeg', 'webp', 'png']).toContain(thumb.format);

    const poster = await fetch(`${t.url}/api/assets/${videoId}/poster`, { headers: headersOf(writer) });
    expect(poster.status).toBe(200);
    expect(await sharp(Buffer.from(await poster.arrayBuffer())).metadata()).toMatchObject({
      format: 'jpeg',
      width: 320,
      height: 240,
    });
    const proxy = await fetch(`${t.url}/api/assets/${videoId}/proxy`, { headers: headersOf(writer) });
    expect(proxy.status).toBe(200);
    const proxyFile = join(work, 'proxy.mp4');
    await writeFile(proxyFile, Buffer.from(await proxy.arrayBuffer()));
    const probed = await runFfprobe(proxyFile);
    expect(probed.streams.map((s) => s.codec_name)).toEqual(expect.arrayContaining(['h264', 'aac']));

    // The derivatives live in the S3 bucket too.
    const rows = await providerDb(t).derivative.findMany({
      where: { contentId: { in: [imageId, videoId] } },
    });
    expect(rows.length).toBeGreaterThanOrEqual(4);
    for (const row of rows) expect(await store().stat(row.blobKey)).toMatchObject({ size: Number(row.size) });
  });

  it('answers the originals byte-identical, whole and by Range', async () => {
    for (const [id, bytes] of [
      [imageId, image],
      [videoId, video],
    ] as const) {
      const whole = await fetch(`${t.url}/api/assets/${id}/original`, { headers: headersOf(writer) });
      expect(whole.status).toBe(200);
      expect(sha256(Buffer.from(await whole.arrayBuffer()))).toBe(sha256(bytes));

      const start = Math.floor(bytes.length / 3);
      const ranged = await fetch(`${t.url}/api/assets/${id}/original`, {
        headers: { ...headersOf(writer), range: `bytes=${start}-` },
      });
      expect(ranged.status).toBe(206);
      expect(ranged.headers.get('content-range')).toBe(`bytes ${start}-${bytes.length - 1}/${bytes.length}`);
      const tail = Buffer.from(await ranged.arrayBuffer());
      expect(sha256(Buffer.concat([bytes.subarray(0, start), tail]))).toBe(sha256(bytes));
    }
  });

  it('streams a ZIP of the originals and the web proxy', async () => {
    const prepared = await fetch(`${t.url}/api/downloads`, {
      method: 'POST',
      headers: { ...headersOf(writer), 'content-type': 'application/json' },
      body: JSON.stringify({
        contentIds: [imageId, videoId],
        images: ['original'],
        videos: ['original', 'web'],
      }),
    });
    expect(prepared.status).toBe(200);
    const { downloadId } = (await prepared.json()) as { downloadId: string };
    const res = await fetch(`${t.url}/api/downloads/${downloadId}`, { headers: headersOf(writer) });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    const dir = await mkdtemp(join(work, 'zip-'));
    await writeFile(join(dir, 'archive.zip'), Buffer.from(await res.arrayBuffer()));
    await run('unzip', ['-q', join(dir, 'archive.zip'), '-d', join(dir, 'out')]);
    const names = await readdir(join(dir, 'out'));
    expect(names).toHaveLength(3);
    const hashes = await Promise.all(names.map(async (n) => sha256(await readFile(join(dir, 'out', n)))));
    expect(hashes).toEqual(expect.arrayContaining([sha256(image), sha256(video)]));
  });

  it('inserts from an uploaded object without removing it when removeSourceFile is false', async () => {
    const credentials = await providerCall(
      'GET',
      '/xpackager/resources/repository/getS3UploadCredentials?clientId=paddock',
      writerToken,
    );
    const given = credentials.body as {
      path: string;
      credentials: { accessKeyId: string; secretAccessKey: string };
    };
    const bytes = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#10ac84' } })
      .jpeg()
      .toBuffer();
    const filePath = `${given.path}/kept.jpg`;
    const client = createS3Client({ endpoint: s3.endpoint, region: 'us-east-1', ...given.credentials });
    await new Upload({
      client,
      params: { Bucket: BUCKET, Key: filePath, Body: Readable.from([bytes]) },
    }).done();
    client.destroy();

    const inserted = await providerCall(
      'POST',
      `/xadmin/resources/content/insert/${t.config.CLIENT_ID}`,
      writerToken,
      insertBody({ bucket: BUCKET, filePath, removeSourceFile: false }),
    );
    expect(inserted.status).toBe(200);
    const id = inserted.body.xcontentId as string;
    expect(await store().exists(filePath)).toBe(true);
    const source = await providerDb(t).contentSource.findUniqueOrThrow({
      where: { contentId_version: { contentId: id, version: 1 } },
    });
    expect(source).toMatchObject({ size: BigInt(bytes.length), sha256: sha256(bytes), fileName: 'kept.jpg' });
    expect(sha256(await read(source.blobKey))).toBe(sha256(bytes));
  });

  it('refuses a source outside the caller’s incoming area or in another bucket, and creates nothing', async () => {
    const before = await providerDb(t).content.count();
    const elsewhere = `contents/${imageId}/v1/source.jpg`;
    const stranger = 'incoming/00000000-0000-4000-8000-000000000000/x/y.jpg';
    await store().put(stranger, Readable.from([image]));
    for (const source of [
      { bucket: BUCKET, filePath: elsewhere, removeSourceFile: true },
      { bucket: BUCKET, filePath: stranger, removeSourceFile: true },
      { bucket: BUCKET, filePath: `incoming/${writerId}/../../${elsewhere}`, removeSourceFile: true },
      { bucket: 'another-bucket', filePath: `incoming/${writerId}/a/b.jpg`, removeSourceFile: true },
      { bucket: BUCKET, filePath: `incoming/${writerId}/never/uploaded.jpg`, removeSourceFile: true },
    ]) {
      const refused = await providerCall(
        'POST',
        `/xadmin/resources/content/insert/${t.config.CLIENT_ID}`,
        writerToken,
        insertBody(source),
      );
      expect(refused).toMatchObject({ status: 418, body: { resultCode: 'FILE_NOT_FOUND' } });
    }
    expect(await providerDb(t).content.count()).toBe(before);
    expect(sha256(await read(elsewhere))).toBe(sha256(image));
    expect(await store().exists(stranger)).toBe(true);
  });
});
