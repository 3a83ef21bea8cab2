import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { appendFile, mkdtemp, readdir, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { crc32 } from 'node:zlib';
import type { UploadResult } from '@paddock/rules';
import sharp from 'sharp';
import { BuiltinIdentitySeeder } from '../../src/builtin-provider/identity/builtin-identity.seeder';
import { demoPsd } from '../../src/seed/demo-documents';
import { derivativesRequested } from '../derivatives/derivatives-fixtures';
import { startTestApp, type TestApp } from '../support/test-app';
import { seedMarketingWriters } from '../support/writable-folder';
import { tusUpload } from '../support/tus-client';
import { headersOf, PASSWORD, providerDb, signIn, type SignedIn } from '../auth/auth-fixtures';

const run = promisify(execFile);

let t: TestApp;
let workDir: string;
let writer: SignedIn;
let outsider: SignedIn;
let folderId: string;

/** An image (a JPEG unless said) uploaded through tus into the test folder; answers the new content's id. */
async function upload(
  s: SignedIn,
  bytes: Buffer,
  filename: string,
  filetype = 'image/jpeg',
): Promise<string> {
  const { create, result } = await tusUpload(t, s, bytes, { filename, filetype, folderId });
  expect(create.status).toBe(201);
  expect(result?.status).toBe(200);
  return (result?.body as UploadResult).contentId;
}

function jpeg(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 40, g: 90, b: 160 } } })
    .jpeg()
    .toBuffer();
}

async function prepare(
  s: SignedIn,
  body: unknown,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${t.url}/api/downloads`, {
    method: 'POST',
    headers: { ...headersOf(s), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** Unpacks a downloaded ZIP; answers each file's pixel size by name. */
async function unpack(zip: Buffer): Promise<Map<string, string>> {
  const dir = await mkdtemp(join(workDir, 'zip-'));
  const zipPath = join(dir, 'archive.zip');
  await writeFile(zipPath, zip);
  await run('unzip', ['-q', zipPath, '-d', join(dir, 'out')]);
  const sizes = new Map<string, string>();
  for (const name of await readdir(join(dir, 'out'))) {
    const meta = await sharp(join(dir, 'out', name)).metadata();
    sizes.set(name, `${meta.width}x${meta.height}`);
  }
  return sizes;
}

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'paddock-downloads-'));
  t = await startTestApp({ BLOB_DIR: join(workDir, 'blobs') });
  await t.app
    .get(BuiltinIdentitySeeder)
    .upsertUser({ username: 'outsider.dl', password: PASSWORD, groups: ['L/HERITAGE'] });
  folderId = await seedMarketingWriters(t, 'dept-marketing', ['writer.dl']);
  writer = await signIn(t, 'writer.dl', PASSWORD, '198.51.100.31');
  outsider = await signIn(t, 'outsider.dl', PASSWORD, '198.51.100.32');
});

afterAll(async () => {
  await t?.close();
  await rm(workDir, { recursive: true, force: true });
});

describe('downloads: ZIP of assets at chosen resolutions', () => {
  let large: string;
  let small: string;

  beforeAll(async () => {
    large = await upload(writer, await jpeg(3000, 2000), 'large.jpg');
    small = await upload(writer, await jpeg(800, 600), 'small.jpg');
  });

  it('gives every image at every resolution it reaches, skipping sizes above the original (SPEC §5)', async () => {
    const prepared = await prepare(writer, {
      contentIds: [large, small],
      images: ['1920x1080', '640x480'],
      videos: [],
    });
    expect(prepared.status).toBe(200);
    const res = await fetch(`${t.url}/api/downloads/${String(prepared.body.downloadId)}`, {
      headers: headersOf(writer),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="paddock-\d{8}-\d{4}\.zip"/);
    // Resized images have no size before they are made: the ZIP streams without a length.
    expect(res.headers.get('content-length')).toBeNull();
    const sizes = await unpack(Buffer.from(await res.arrayBuffer()));
    expect(Object.fromEntries(sizes)).toEqual({
      'large_1920x1080.jpg': '1620x1080',
      'large_640x480.jpg': '640x427',
      'small_640x480.jpg': '640x480',
    });
  });

  it('gives the original bytes for "original", announcing the ZIP\'s exact length for the progress bar', async () => {
    const prepared = await prepare(writer, { contentIds: [large, small], images: ['original'], videos: [] });
    const res = await fetch(`${t.url}/api/downloads/${String(prepared.body.downloadId)}`, {
      headers: headersOf(writer),
    });
    const zip = Buffer.from(await res.arrayBuffer());
    expect(Number(res.headers.get('content-length'))).toBe(zip.length);
    expect(Object.fromEntries(await unpack(zip))).toEqual({
      'large_original.jpg': '3000x2000',
      'small_original.jpg': '800x600',
    });
  });

  it('puts the original in place of an image the resizer cannot read, and the ZIP completes with every entry', async () => {
    const bytes = await demoPsd(1200, 800, '#b3001b', '#003a70');
    // The demo PSD: an image sharp cannot decode, as the resizer meets it.
    await expect(sharp(bytes).metadata()).rejects.toThrow(/unsupported image format/);
    const psd = await upload(writer, bytes, 'layers.psd', 'image/vnd.adobe.photoshop');
    const prepared = await prepare(writer, {
      contentIds: [large, psd, small],
      images: ['1920x1080', '640x480'],
      videos: [],
    });
    expect(prepared.status).toBe(200);
    const res = await fetch(`${t.url}/api/downloads/${String(prepared.body.downloadId)}`, {
      headers: headersOf(writer),
    });
    expect(res.status).toBe(200);
    const dir = await mkdtemp(join(workDir, 'unreadable-'));
    const zipPath = join(dir, 'archive.zip');
    await writeFile(zipPath, Buffer.from(await res.arrayBuffer()));
    // unzip -t exits non-zero on a cut or corrupt archive; it checks every entry's CRC.
    await expect(run('unzip', ['-t', zipPath])).resolves.toMatchObject({
      stdout: expect.stringContaining('No errors detected') as string,
    });
    const { stdout } = await run('unzip', ['-Z1', zipPath]);
    expect(stdout.trim().split('\n')).toEqual([
      'large_1920x1080.jpg',
      'large_640x480.jpg',
      'layers_original.psd',
      'small_640x480.jpg',
    ]);
    await run('unzip', ['-q', zipPath, '-d', join(dir, 'out')]);
    expect((await readFile(join(dir, 'out', 'layers_original.psd'))).equals(bytes)).toBe(true);
  });

  it.each([
    ['it', 'Foto rossa_original.jpg'],
    ['en', 'Red photo_original.jpg'],
    ['fr', 'Red photo_original.jpg'],
  ])(
    "names the ZIP's entries in the requester's language (%s): IT in Italian, EN in English and French",
    async (lang, entry) => {
      const named = await upload(writer, await jpeg(320, 200), 'named.jpg');
      for (const [locale, name] of [
        ['IT', 'Foto rossa'],
        ['EN', 'Red photo'],
      ])
        await providerDb(t).contentLocale.update({
          where: { contentId_locale: { contentId: named, locale } },
          data: { name },
        });
      const prepared = await prepare(writer, { contentIds: [named], images: ['original'], videos: [], lang });
      expect(prepared.status).toBe(200);
      const res = await fetch(`${t.url}/api/downloads/${String(prepared.body.downloadId)}`, {
        headers: headersOf(writer),
      });
      expect([...(await unpack(Buffer.from(await res.arrayBuffer()))).keys()]).toEqual([entry]);
    },
  );

  it('refuses a language it does not know, preparing nothing', async () => {
    const refused = await prepare(writer, {
      contentIds: [small],
      images: ['original'],
      videos: [],
      lang: 'de',
    });
    expect(refused.status).toBe(400);
  });

  it('carries the right CRC-32 before the derivatives job measured a tus upload, and the measured one after', async () => {
    const bytes = await jpeg(1200, 900);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const crc = crc32(bytes);
    const measured = await upload(writer, bytes, 'measured.jpg');
    const unmeasured = await upload(writer, bytes, 'unmeasured.jpg');
    const db = providerDb(t);
    const sourceOf = (contentId: string) => db.contentSource.findFirstOrThrow({ where: { contentId } });
    /** The CRC of each entry of a ZIP of both originals, once unzip -t checked every entry's bytes against it. */
    const zippedCrcs = async () => {
      const prepared = await prepare(writer, {
        contentIds: [measured, unmeasured],
        images: ['original'],
        videos: [],
      });
      const res = await fetch(`${t.url}/api/downloads/${String(prepared.body.downloadId)}`, {
        headers: headersOf(writer),
      });
      const dir = await mkdtemp(join(workDir, 'crc-'));
      const zipPath = join(dir, 'archive.zip');
      await writeFile(zipPath, Buffer.from(await res.arrayBuffer()));
      await run('unzip', ['-tq', zipPath]);
      const { stdout } = await run('unzip', ['-Zv', zipPath]);
      return [...stdout.matchAll(/32-bit CRC value \(hex\):\s+([0-9a-f]{8})/g)].map((m) => m[1]);
    };
    const hex = crc.toString(16).padStart(8, '0');

    // Taken by rename, the upload is not read: its digest is null until the derivatives job ran
    // (it may have already); the ZIP works a missing CRC out from the bytes.
    const taken = await sourceOf(measured);
    expect([null, sha256]).toContain(taken.sha256);
    expect([null, BigInt(crc)]).toContain(taken.crc32);
    expect(await zippedCrcs()).toEqual([hex, hex]);

    for (const contentId of [measured, unmeasured])
      expect(await derivativesRequested(t, contentId)).toMatchObject({ state: 'completed' });
    expect(await sourceOf(measured)).toMatchObject({ sha256, crc32: BigInt(crc) });
    // An original stored without a CRC (as before its derivatives job), beside a measured one.
    await db.contentSource.updateMany({
      where: { contentId: unmeasured },
      data: { sha256: null, crc32: null },
    });
    expect(await zippedCrcs()).toEqual([hex, hex]);
  });

  it('cuts the download short, rather than send a corrupt ZIP, when a file is not the size it was recorded with', async () => {
    const [shrunk, grown] = [
      await upload(writer, await jpeg(640, 480), 'shrunk.jpg'),
      await upload(writer, await jpeg(640, 480), 'grown.jpg'),
    ];
    const blob = (id: string) => join(workDir, 'blobs', 'contents', id, 'v1', 'source.jpg');
    await truncate(blob(shrunk), 100);
    await appendFile(blob(grown), Buffer.alloc(1000));
    for (const id of [shrunk, grown]) {
      const prepared = await prepare(writer, { contentIds: [id], images: ['original'], videos: [] });
      const res = await fetch(`${t.url}/api/downloads/${String(prepared.body.downloadId)}`, {
        headers: headersOf(writer),
      });
      expect(res.status).toBe(200);
      await expect(res.arrayBuffer()).rejects.toThrow();
    }
  });

  it('answers 404 to a user who may not see an asset, and for their download of it', async () => {
    const refused = await prepare(outsider, { contentIds: [large], images: ['640x480'], videos: [] });
    expect(refused.status).toBe(404);
    const mine = await prepare(writer, { contentIds: [large], images: ['640x480'], videos: [] });
    const stolen = await fetch(`${t.url}/api/downloads/${String(mine.body.downloadId)}`, {
      headers: headersOf(outsider),
    });
    expect(stolen.status).toBe(404);
  });

  it('answers 404 for an unknown asset or download, 400 without any resolution', async () => {
    const unknown = await prepare(writer, {
      contentIds: ['00000000-0000-4000-8000-000000000000'],
      images: ['640x480'],
      videos: [],
    });
    expect(unknown.status).toBe(404);
    const noDownload = await fetch(`${t.url}/api/downloads/00000000-0000-4000-8000-000000000000`, {
      headers: headersOf(writer),
    });
    expect(noDownload.status).toBe(404);
    const none = await prepare(writer, { contentIds: [large], images: [], videos: [] });
    expect(none.status).toBe(400);
  });
});
