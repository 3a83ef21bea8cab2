import { execFile } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { crc32 } from 'node:zlib';
import { zipLength, zipStream, type ZipSource } from './zip-writer';

const run = promisify(execFile);
const MTIME = new Date(2026, 10, 21, 10, 30, 0);

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'zip-writer-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

/** A file of `bytes` whose size is announced, as the archive announces its files' sizes. */
function source(name: string, bytes: Buffer, compress = false, size = bytes.length): ZipSource {
  // Several chunks, as a file read delivers them.
  const chunks = [bytes.subarray(0, bytes.length >> 1), bytes.subarray(bytes.length >> 1)];
  return { name, compress, size, open: async () => Readable.from(chunks) };
}

/** `size` zero bytes in 4 MiB chunks, never all in memory. */
function zeros(name: string, size: number): ZipSource {
  const chunk = Buffer.alloc(4 * 1024 * 1024);
  function* chunks() {
    for (let left = size; left > 0; left -= chunk.length)
      yield chunk.subarray(0, Math.min(left, chunk.length));
  }
  return { name, compress: false, size, open: async () => Readable.from(chunks()) };
}

async function write(sources: ZipSource[]): Promise<string> {
  const path = join(dir, 'out.zip');
  await pipeline(zipStream(sources, MTIME), createWriteStream(path));
  return path;
}

describe('zipStream', () => {
  it('writes a ZIP that unzip tests clean and unpacks byte for byte, stored and deflated', async () => {
    const photo = Buffer.from(Array.from({ length: 300_000 }, (_, i) => (i * 7919) % 251));
    const text = Buffer.from('Modello;Colore\n'.repeat(10_000));
    const path = await write([
      source('Red car_original.jpg', photo),
      source('Listino è pronto.csv', text, true),
      source('empty.txt', Buffer.alloc(0), true),
    ]);
    await run('unzip', ['-tq', path]);
    const { stdout } = await run('unzip', ['-Zv', path]);
    // Media stored, text deflated (and much smaller).
    expect(stdout).toMatch(/Red car_original\.jpg[\s\S]*?compression method:\s+none \(stored\)/);
    expect(stdout).toMatch(/Listino è pronto\.csv[\s\S]*?compression method:\s+deflated/);
    await run('unzip', ['-q', path, '-d', join(dir, 'out')]);
    expect((await readFile(join(dir, 'out', 'Red car_original.jpg'))).equals(photo)).toBe(true);
    expect((await readFile(join(dir, 'out', 'Listino è pronto.csv'))).equals(text)).toBe(true);
    expect((await readFile(join(dir, 'out', 'empty.txt'))).length).toBe(0);
    const size = (await readFile(path)).length;
    expect(size).toBeLessThan(photo.length + text.length / 10);
  });

  it('switches to the ZIP64 end records above 65,535 entries, which unzip still lists in full', async () => {
    const sources = Array.from({ length: 65_536 + 2 }, (_, i) =>
      source(`f${i}.bin`, Buffer.from([i & 0xff])),
    );
    const path = await write(sources);
    const zip = await readFile(path);
    // ZIP64 end of central directory record and its locator precede the classic end record.
    expect(zip.readUInt32LE(zip.length - 22 - 20 - 56)).toBe(0x06064b50);
    expect(zip.readUInt32LE(zip.length - 22 - 20)).toBe(0x07064b50);
    const { stdout } = await run('unzip', ['-l', path], { maxBuffer: 64 * 1024 * 1024 });
    expect(stdout).toMatch(/65538 files/);
    expect(zipLength(sources)).toBe(zip.length);
    // 65,538 entries take 6 s alone; in a whole run, in a Jest worker grown large on earlier files,
    // up to 233 s (jest.config.ts workerIdleMemoryLimit now recycles such a worker).
  }, 180_000);

  it('announces the exact length of stored entries of known size, which unzip tests clean', async () => {
    const photo = Buffer.from(Array.from({ length: 200_000 }, (_, i) => (i * 31) % 256));
    const sources = [
      source('Red car_original.jpg', photo),
      source('Auto è rossa_original.png', photo.subarray(0, 5_000)),
      source('empty_original.pdf', Buffer.alloc(0)),
    ];
    const path = await write(sources);
    await run('unzip', ['-tq', path]);
    expect(zipLength(sources)).toBe((await readFile(path)).length);
  });

  it('carries a CRC-32 measured beforehand as given, and unzip checks the bytes against it', async () => {
    const photo = Buffer.from(Array.from({ length: 100_000 }, (_, i) => (i * 13) % 256));
    const known = { ...source('known.jpg', photo), crc32: crc32(photo) };
    await run('unzip', ['-tq', await write([known, source('worked-out.jpg', photo)])]);
    // A CRC that does not match the bytes (a file changed since it was measured) fails the receiver's test.
    const stale = { ...source('stale.jpg', photo), crc32: (crc32(photo) ^ 1) >>> 0 };
    await expect(run('unzip', ['-tq', await write([stale])])).rejects.toMatchObject({
      stdout: expect.stringMatching(/bad CRC/),
    });
  });

  it('has no length to announce when an entry is deflated or its size unknown', () => {
    const bytes = Buffer.from('ok');
    expect(zipLength([source('a.jpg', bytes), source('b.csv', bytes, true)])).toBeNull();
    const unsized: ZipSource = { name: 'c.jpg', compress: false, open: async () => Readable.from([bytes]) };
    expect(zipLength([source('a.jpg', bytes), unsized])).toBeNull();
  });

  it('announces the exact length past 4 GiB, where sizes and offsets take ZIP64 records', async () => {
    const sources = [zeros('huge.mov', 2 ** 32 + 1), source('after.jpg', Buffer.from('after'))];
    let length = 0;
    let tail = Buffer.alloc(0);
    for await (const chunk of zipStream(sources, MTIME) as AsyncIterable<Buffer>) {
      length += chunk.length;
      tail = Buffer.concat([tail, chunk.subarray(-512)]).subarray(-512);
    }
    expect(zipLength(sources)).toBe(length);
    // The second entry starts past 4 GiB: the end records are ZIP64 ones.
    expect(tail.readUInt32LE(tail.length - 22 - 20 - 56)).toBe(0x06064b50);
  }, 60_000);

  it('fails, rather than send a corrupt archive, when a file is shorter or longer than announced', async () => {
    const shorter = zipStream([source('short.jpg', Buffer.from('12345'), false, 6)], MTIME);
    await expect(shorter.toArray()).rejects.toThrow('short.jpg gave 5 bytes instead of 6');
    const longer = zipStream([source('long.csv', Buffer.from('12345'), true, 4)], MTIME);
    await expect(longer.toArray()).rejects.toThrow('long.csv gave more than its 4 bytes');
  });

  it('ends the stream with the error of an entry that fails to open', async () => {
    const failing: ZipSource = {
      name: 'broken.jpg',
      compress: false,
      open: () => Promise.reject(new Error('file gone')),
    };
    const zip = zipStream([source('ok.jpg', Buffer.from('ok')), failing], MTIME);
    await expect(zip.toArray()).rejects.toThrow('file gone');
  });

  it('stops reading an entry when the receiver goes away', async () => {
    let destroyed = false;
    const endless = new Readable({
      read() {
        this.push(Buffer.alloc(64 * 1024));
      },
      destroy(error, done) {
        destroyed = true;
        done(error);
      },
    });
    const zip = zipStream([{ name: 'big.mp4', compress: false, open: async () => endless }], MTIME);
    let received = 0;
    for await (const chunk of zip as AsyncIterable<Buffer>) {
      received += chunk.length;
      if (received > 1024 * 1024) break;
    }
    await new Promise((resolve) => setImmediate(resolve));
    expect(destroyed).toBe(true);
  });
});
