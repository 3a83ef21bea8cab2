import { execFile } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { zipStream, type ZipSource } from './zip-writer';

const run = promisify(execFile);
const MTIME = new Date(2026, 10, 21, 10, 30, 0);

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'zip-writer-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

function source(name: string, bytes: Buffer, compress = false): ZipSource {
  // Several chunks, as a file read delivers them.
  const chunks = [bytes.subarray(0, bytes.length >> 1), bytes.subarray(bytes.length >> 1)];
  return { name, compress, open: async () => Readable.from(chunks) };
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
    // 65,538 entries take a few seconds on a busy 2-core box.
  }, 60_000);

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
