import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import { BlobNotFoundError, InvalidBlobKeyError, type BlobStore } from '../../src/blob-store/blob-store';
import { DiskBlobStore } from '../../src/blob-store/disk-blob-store';
import { handOverFile } from '../../src/blob-store/handed-over-file';
import { openBlobStore } from '../../src/blob-store/blob-store.module';
import { S3BlobStore } from '../../src/blob-store/s3-blob-store';
import { S3RVER_KEY, startTestS3, type TestS3 } from '../s3/s3-server';

jest.setTimeout(60_000);

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function read(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** `bytes` as a stream of 64 KiB chunks, as a file or an HTTP body arrives. */
function chunked(bytes: Buffer): Readable {
  const size = 64 * 1024;
  return Readable.from(
    (function* () {
      for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
    })(),
  );
}

/** A source that gives some bytes, then fails (a client that disconnects mid-upload). */
function failing(bytes: Buffer): Readable {
  return Readable.from(
    (async function* () {
      yield bytes;
      await new Promise((r) => setTimeout(r, 10));
      throw new Error('client went away');
    })(),
  );
}

const UNSAFE_KEYS = ['../escape', '/absolute', 'a//b', 'a/./b', 'a/../b', 'line\nbreak', ''];

let s3: TestS3;
let diskRoot: string;

beforeAll(async () => {
  s3 = await startTestS3();
  await s3.createBucket('paddock-contract');
  diskRoot = await mkdtemp(join(tmpdir(), 'paddock-disk-contract-'));
});

afterAll(async () => {
  await s3?.close();
  await rm(diskRoot, { recursive: true, force: true });
});

const stores: [string, () => BlobStore][] = [
  ['DiskBlobStore', () => new DiskBlobStore(diskRoot)],
  [
    'S3BlobStore (s3rver)',
    () =>
      new S3BlobStore({
        endpoint: s3.endpoint,
        region: 'us-east-1',
        bucket: 'paddock-contract',
        ...S3RVER_KEY,
      }),
  ],
];

describe.each(stores)('BlobStore contract: %s', (_name, make) => {
  let store: BlobStore;
  beforeAll(() => {
    store = make();
  });

  it('writes a stream and measures its size, sha256 and CRC-32 on the way', async () => {
    const bytes = randomBytes(12 * 1024 * 1024 + 123);
    const written = await store.put('contents/c1/v1/source.bin', chunked(bytes));
    expect(written).toEqual({ size: bytes.length, sha256: sha256(bytes), crc32: crc32(bytes) });
    expect(sha256(await read(await store.get('contents/c1/v1/source.bin')))).toBe(sha256(bytes));
  });

  it('writes an empty file', async () => {
    expect(await store.put('empty/file.txt', Readable.from([]))).toEqual({
      size: 0,
      sha256: sha256(Buffer.alloc(0)),
      crc32: 0,
    });
    expect(await store.stat('empty/file.txt')).toMatchObject({ size: 0 });
    expect(await read(await store.get('empty/file.txt'))).toEqual(Buffer.alloc(0));
  });

  it('writes a handed-over file as its bytes, whichever store takes it: measured when copied, sized when taken unread', async () => {
    const bytes = randomBytes(3 * 1024 * 1024 + 7);
    const file = join(diskRoot, `handed-${randomBytes(4).toString('hex')}`);
    await writeFile(file, bytes);
    // The disk store renames the file without reading it; S3 copies the bytes and measures them on the way.
    expect(await store.put('handed/over.bin', handOverFile(file))).toEqual(
      store instanceof DiskBlobStore
        ? { size: bytes.length, sha256: null, crc32: null }
        : { size: bytes.length, sha256: sha256(bytes), crc32: crc32(bytes) },
    );
    expect(sha256(await read(await store.get('handed/over.bin')))).toBe(sha256(bytes));
  });

  it('replaces a blob, and keeps the old one whole when the new stream fails', async () => {
    await store.put('replace/me.txt', Readable.from([Buffer.from('first')]));
    await store.put('replace/me.txt', Readable.from([Buffer.from('second version')]));
    expect((await read(await store.get('replace/me.txt'))).toString()).toBe('second version');

    await expect(store.put('replace/me.txt', failing(randomBytes(6 * 1024 * 1024)))).rejects.toThrow(
      'client went away',
    );
    expect((await read(await store.get('replace/me.txt'))).toString()).toBe('second version');
    await expect(store.put('never/written.bin', failing(Buffer.from('partial')))).rejects.toThrow();
    expect(await store.exists('never/written.bin')).toBe(false);
  });

  it('reads an inclusive byte range', async () => {
    const bytes = randomBytes(300_000);
    await store.put('ranged/file.bin', chunked(bytes));
    expect(await read(await store.get('ranged/file.bin', { start: 0, end: 9 }))).toEqual(
      bytes.subarray(0, 10),
    );
    expect(await read(await store.get('ranged/file.bin', { start: 250_000, end: 299_999 }))).toEqual(
      bytes.subarray(250_000),
    );
  });

  it('stats a blob, and answers null / BlobNotFoundError for a missing one', async () => {
    const before = Date.now();
    await store.put('stat/me.txt', Readable.from([Buffer.from('12345')]));
    const found = await store.stat('stat/me.txt');
    expect(found?.size).toBe(5);
    expect(found?.modifiedAt.getTime()).toBeGreaterThan(before - 5_000);
    expect(await store.exists('stat/me.txt')).toBe(true);
    expect(await store.stat('stat/missing.txt')).toBeNull();
    expect(await store.exists('stat/missing.txt')).toBe(false);
    await expect(store.get('stat/missing.txt')).rejects.toBeInstanceOf(BlobNotFoundError);
  });

  it('deletes, and deleting a missing blob is not an error', async () => {
    await store.put('delete/me.txt', Readable.from([Buffer.from('x')]));
    await store.delete('delete/me.txt');
    expect(await store.exists('delete/me.txt')).toBe(false);
    await expect(store.delete('delete/me.txt')).resolves.toBeUndefined();
  });

  it('moves a blob (keys with spaces too); moving a missing one is BlobNotFoundError', async () => {
    const bytes = randomBytes(70_000);
    await store.put('incoming/u1/abc/red car.jpg', chunked(bytes));
    await store.move('incoming/u1/abc/red car.jpg', 'contents/c2/v1/source.jpg');
    expect(await store.exists('incoming/u1/abc/red car.jpg')).toBe(false);
    expect(sha256(await read(await store.get('contents/c2/v1/source.jpg')))).toBe(sha256(bytes));
    await expect(store.move('incoming/u1/abc/red car.jpg', 'elsewhere/x.jpg')).rejects.toBeInstanceOf(
      BlobNotFoundError,
    );
    expect(await store.exists('elsewhere/x.jpg')).toBe(false);
  });

  it('refuses keys that are not plain relative paths, before touching anything', async () => {
    for (const key of UNSAFE_KEYS) {
      await expect(store.put(key, Readable.from([Buffer.from('x')]))).rejects.toBeInstanceOf(
        InvalidBlobKeyError,
      );
      await expect(store.get(key)).rejects.toBeInstanceOf(InvalidBlobKeyError);
      await expect(store.stat(key)).rejects.toBeInstanceOf(InvalidBlobKeyError);
      await expect(store.delete(key)).rejects.toBeInstanceOf(InvalidBlobKeyError);
    }
    await store.put('safe/source.txt', Readable.from([Buffer.from('x')]));
    await expect(store.move('safe/source.txt', '../out.txt')).rejects.toBeInstanceOf(InvalidBlobKeyError);
    await expect(store.move('../out.txt', 'safe/target.txt')).rejects.toBeInstanceOf(InvalidBlobKeyError);
    expect(await store.exists('safe/source.txt')).toBe(true);
  });

  it('lists the blobs under a folder prefix at any depth, with size and date, and nothing beside it', async () => {
    const before = Date.now() - 5_000;
    await store.put('listed/1/a.txt', Readable.from([Buffer.from('abc')]));
    await store.put('listed/1/deep/b c.txt', Readable.from([Buffer.from('de')]));
    await store.put('listed/10/other.txt', Readable.from([Buffer.from('x')]));
    await store.put('listed/1.txt', Readable.from([Buffer.from('x')]));

    const listing = [];
    for await (const blob of store.list('listed/1/')) listing.push(blob);

    expect(
      listing.map(({ key, size }) => ({ key, size })).sort((a, b) => a.key.localeCompare(b.key)),
    ).toEqual([
      { key: 'listed/1/a.txt', size: 3 },
      { key: 'listed/1/deep/b c.txt', size: 2 },
    ]);
    expect(
      listing.every((b) => b.modifiedAt.getTime() >= before && b.modifiedAt.getTime() <= Date.now()),
    ).toBe(true);
    await store.delete('listed/1/a.txt');
    const keys = [];
    for await (const blob of store.list('listed/1/')) keys.push(blob.key);
    expect(keys).toEqual(['listed/1/deep/b c.txt']);
    for await (const blob of store.list('nothing-here/')) keys.push(blob.key);
    expect(keys).toHaveLength(1);
  });

  it('refuses a listing prefix that is not a plain folder', async () => {
    for (const prefix of ['listed/1', '../', '/abs/', 'a//', ''])
      await expect(store.list(prefix)[Symbol.asyncIterator]().next()).rejects.toBeInstanceOf(
        InvalidBlobKeyError,
      );
  });
});

describe('S3BlobStore on s3rver: how it talks to S3', () => {
  const store = () =>
    new S3BlobStore({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      bucket: 'paddock-contract',
      ...S3RVER_KEY,
      copyLimit: 100_000,
    });

  // A cluster's first start (issue 25): every api and worker process opens the store at once on
  // an S3 that has no bucket yet. S3 answers the late ones BucketAlreadyOwnedByYou, s3rver and
  // some S3-compatible stores BucketAlreadyExists; none of them may stop its process.
  it('lets several processes create a missing bucket at once, and every one of them opens it', async () => {
    const opening = Array.from(
      { length: 4 },
      () =>
        new S3BlobStore({
          endpoint: s3.endpoint,
          region: 'us-east-1',
          bucket: 'paddock-first-start',
          ...S3RVER_KEY,
        }),
    );
    await expect(Promise.all(opening.map((each) => each.ensureBucket()))).resolves.toHaveLength(4);
    await opening[0]!.put('first/start.txt', chunked(Buffer.from('ok')));
    expect((await opening[3]!.stat('first/start.txt'))?.size).toBe(2);
  });

  it('uploads a big stream as a multipart upload of 5 MiB parts, path-style', async () => {
    const from = s3.requests.length;
    const bytes = randomBytes(11 * 1024 * 1024);
    await store().put('multipart/big.bin', chunked(bytes));
    const sent = s3.requests.slice(from);
    const parts = sent.filter((r) => r.method === 'PUT' && r.url.includes('partNumber='));
    expect(parts).toHaveLength(3);
    for (const part of parts)
      expect(Number(part.headers['content-length'])).toBeLessThanOrEqual(5 * 1024 * 1024);
    expect(sent.every((r) => r.url.startsWith('/paddock-contract/'))).toBe(true);
  });

  it('moves with a server-side copy up to copyLimit, and as a stream above it', async () => {
    const small = randomBytes(50_000);
    const big = randomBytes(250_000);
    await store().put('move/small.bin', chunked(small));
    await store().put('move/big.bin', chunked(big));

    let from = s3.requests.length;
    await store().move('move/small.bin', 'moved/small.bin');
    expect(s3.requests.slice(from).some((r) => r.method === 'PUT' && r.headers['x-amz-copy-source'])).toBe(
      true,
    );

    from = s3.requests.length;
    await store().move('move/big.bin', 'moved/big.bin');
    const sent = s3.requests.slice(from);
    expect(sent.some((r) => r.headers['x-amz-copy-source'])).toBe(false);
    expect(sent.some((r) => r.method === 'GET' && r.url.startsWith('/paddock-contract/move/big.bin'))).toBe(
      true,
    );

    expect(sha256(await read(await store().get('moved/small.bin')))).toBe(sha256(small));
    expect(sha256(await read(await store().get('moved/big.bin')))).toBe(sha256(big));
    expect(await store().exists('move/small.bin')).toBe(false);
    expect(await store().exists('move/big.bin')).toBe(false);
  });

  it('creates its bucket when missing and accepts an existing one', async () => {
    const fresh = new S3BlobStore({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      bucket: 'paddock-fresh',
      ...S3RVER_KEY,
    });
    await fresh.ensureBucket();
    await fresh.ensureBucket();
    await fresh.put('hello.txt', Readable.from([Buffer.from('hi')]));
    expect((await read(await fresh.get('hello.txt'))).toString()).toBe('hi');
  });

  it('stops the boot with the settings to check when S3 cannot be reached', async () => {
    await expect(
      openBlobStore({
        BLOB_STORE: 's3',
        BLOB_DIR: diskRoot,
        // Port 9 (discard) of loopback: nothing listens.
        S3_ENDPOINT: 'http://127.0.0.1:9',
        S3_REGION: 'us-east-1',
        S3_BUCKET: 'paddock',
        S3_ACCESS_KEY: 'S3RVER',
        S3_SECRET_KEY: 'S3RVER',
      }),
    ).rejects.toThrow(
      /The S3 bucket paddock at http:\/\/127\.0\.0\.1:9 cannot be used \(check S3_ENDPOINT, S3_BUCKET/,
    );
  });
});
