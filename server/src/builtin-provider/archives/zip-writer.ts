import { pipeline, Readable, Transform } from 'node:stream';
import { crc32, createDeflateRaw } from 'node:zlib';

/** One file of the ZIP; its bytes are opened only when the ZIP reaches it. */
export interface ZipSource {
  name: string;
  /** Deflate (text-like content) or store (media, compressed already). */
  compress: boolean;
  /**
   * The exact number of bytes open() gives, when known beforehand. The ZIP fails on a source that
   * gives more or fewer: its announced length (zipLength) would be a lie.
   */
  size?: number;
  /**
   * The bytes' CRC-32 when it was measured beforehand (stored files): the ZIP carries it instead of
   * working it out from every byte, which cost as much CPU as reading the file. Trusted as given:
   * a file changed since would fail the receiver's check, as a damaged file should.
   */
  crc32?: number;
  open(): Promise<Readable>;
}

const METHOD_STORE = 0;
const METHOD_DEFLATE = 8;
/** Sizes and CRC follow the data (data descriptor); names are UTF-8. */
const FLAGS = 0x0008 | 0x0800;
const VERSION_ZIP = 20;
const VERSION_ZIP64 = 45;
/** Made by Unix (3), so the external attributes carry a file mode. */
const MADE_BY = (3 << 8) | VERSION_ZIP64;
/** -rw-r--r-- regular file. */
const FILE_ATTRIBUTES = (0o100644 << 16) >>> 0;
const MAX_32 = 0xffffffff;
const MAX_16 = 0xffff;

interface Written {
  name: Buffer;
  method: number;
  crc: number;
  size: number;
  compressedSize: number;
  offset: number;
}

/**
 * A streamed ZIP (APPNOTE 6.3): each entry's local header, its bytes as they come (stored, or raw
 * deflate), then a data descriptor; the central directory at the end. Entries are read one at a
 * time and only as fast as the receiver takes the output (Readable.from pulls the generator), so
 * memory stays flat whatever the archive's size. ZIP64 records are written only where a size or
 * an offset passes 4 GiB (or there are more than 65,535 entries), so ordinary archives stay
 * readable by every unzip. CRC-32 is zlib's native one: a JavaScript CRC was most of the CPU time.
 */
export function zipStream(sources: AsyncIterable<ZipSource> | Iterable<ZipSource>, mtime: Date): Readable {
  return Readable.from(zipChunks(sources, dosDateTime(mtime)), { objectMode: false });
}

async function* zipChunks(
  sources: AsyncIterable<ZipSource> | Iterable<ZipSource>,
  time: { date: number; time: number },
): AsyncGenerator<Buffer> {
  const written: Written[] = [];
  let offset = 0;
  for await (const source of sources) {
    const name = Buffer.from(source.name, 'utf8');
    const method = source.compress ? METHOD_DEFLATE : METHOD_STORE;
    const entry: Written = { name, method, crc: source.crc32 ?? 0, size: 0, compressedSize: 0, offset };
    const header = localHeader(entry, time);
    offset += header.length;
    yield header;
    const input = await source.open();
    try {
      if (method === METHOD_STORE) {
        for await (const chunk of input as AsyncIterable<Buffer>) {
          measure(entry, source, chunk);
          yield chunk;
        }
        entry.compressedSize = entry.size;
      } else {
        const measuring = new Transform({
          transform(chunk: Buffer, _encoding, done) {
            try {
              measure(entry, source, chunk);
              done(null, chunk);
            } catch (error) {
              done(error as Error);
            }
          },
        });
        // pipeline destroys all three when one fails or the loop below stops early.
        const deflated = pipeline(input, measuring, createDeflateRaw(), () => undefined);
        for await (const chunk of deflated as AsyncIterable<Buffer>) {
          entry.compressedSize += chunk.length;
          yield chunk;
        }
      }
    } finally {
      // A receiver that went away (or a failed entry) releases the file at once.
      input.destroy();
    }
    if (source.size !== undefined && entry.size !== source.size)
      throw new Error(`${source.name} gave ${entry.size} bytes instead of ${source.size}`);
    offset += entry.compressedSize;
    const descriptor = dataDescriptor(entry);
    offset += descriptor.length;
    yield descriptor;
    written.push(entry);
  }
  const start = offset;
  for (const entry of written) {
    const header = centralHeader(entry, time);
    offset += header.length;
    yield header;
  }
  yield end(written.length, offset - start, start);
}

/** Counts a chunk of the entry's bytes; one past the announced size fails before it is sent. */
function measure(entry: Written, source: ZipSource, chunk: Buffer): void {
  entry.size += chunk.length;
  if (source.size !== undefined && entry.size > source.size)
    throw new Error(`${source.name} gave more than its ${source.size} bytes`);
  if (source.crc32 === undefined) entry.crc = crc32(chunk, entry.crc);
}

/**
 * The exact length zipStream writes for `sources` when every one is stored with a known size, else
 * null (a deflated size is known only once deflated). The records are built by the writer's own
 * functions, so the length follows its layout, ZIP64 included.
 */
export function zipLength(sources: readonly ZipSource[]): number | null {
  const time = { date: 0, time: 0 };
  let offset = 0;
  let central = 0;
  for (const source of sources) {
    if (source.compress || source.size === undefined) return null;
    const entry: Written = {
      name: Buffer.from(source.name, 'utf8'),
      method: METHOD_STORE,
      crc: 0,
      size: source.size,
      compressedSize: source.size,
      offset,
    };
    offset += localHeader(entry, time).length + entry.size + dataDescriptor(entry).length;
    central += centralHeader(entry, time).length;
  }
  return offset + central + end(sources.length, central, offset).length;
}

function needsZip64(entry: Written): boolean {
  return entry.size >= MAX_32 || entry.compressedSize >= MAX_32 || entry.offset >= MAX_32;
}

function localHeader(entry: Written, time: { date: number; time: number }): Buffer {
  const b = Buffer.alloc(30 + entry.name.length);
  b.writeUInt32LE(0x04034b50, 0);
  // Sizes are unknown here; readers take the central directory's (ZIP64 there when needed).
  b.writeUInt16LE(VERSION_ZIP, 4);
  b.writeUInt16LE(FLAGS, 6);
  b.writeUInt16LE(entry.method, 8);
  b.writeUInt16LE(time.time, 10);
  b.writeUInt16LE(time.date, 12);
  // CRC and sizes (14..25) stay 0: they follow in the data descriptor.
  b.writeUInt16LE(entry.name.length, 26);
  b.writeUInt16LE(0, 28);
  entry.name.copy(b, 30);
  return b;
}

function dataDescriptor(entry: Written): Buffer {
  if (entry.size < MAX_32 && entry.compressedSize < MAX_32) {
    const b = Buffer.alloc(16);
    b.writeUInt32LE(0x08074b50, 0);
    b.writeUInt32LE(entry.crc, 4);
    b.writeUInt32LE(entry.compressedSize, 8);
    b.writeUInt32LE(entry.size, 12);
    return b;
  }
  const b = Buffer.alloc(24);
  b.writeUInt32LE(0x08074b50, 0);
  b.writeUInt32LE(entry.crc, 4);
  b.writeBigUInt64LE(BigInt(entry.compressedSize), 8);
  b.writeBigUInt64LE(BigInt(entry.size), 16);
  return b;
}

function centralHeader(entry: Written, time: { date: number; time: number }): Buffer {
  const zip64 = needsZip64(entry);
  // ZIP64 extended information: all three fields, each marked 0xFFFFFFFF in the header.
  const extra = zip64 ? Buffer.alloc(28) : Buffer.alloc(0);
  if (zip64) {
    extra.writeUInt16LE(0x0001, 0);
    extra.writeUInt16LE(24, 2);
    extra.writeBigUInt64LE(BigInt(entry.size), 4);
    extra.writeBigUInt64LE(BigInt(entry.compressedSize), 12);
    extra.writeBigUInt64LE(BigInt(entry.offset), 20);
  }
  const b = Buffer.alloc(46 + entry.name.length + extra.length);
  b.writeUInt32LE(0x02014b50, 0);
  b.writeUInt16LE(MADE_BY, 4);
  b.writeUInt16LE(zip64 ? VERSION_ZIP64 : VERSION_ZIP, 6);
  b.writeUInt16LE(FLAGS, 8);
  b.writeUInt16LE(entry.method, 10);
  b.writeUInt16LE(time.time, 12);
  b.writeUInt16LE(time.date, 14);
  b.writeUInt32LE(entry.crc, 16);
  b.writeUInt32LE(zip64 ? MAX_32 : entry.compressedSize, 20);
  b.writeUInt32LE(zip64 ? MAX_32 : entry.size, 24);
  b.writeUInt16LE(entry.name.length, 28);
  b.writeUInt16LE(extra.length, 30);
  // Comment length, disk number, internal attributes (32..37) stay 0.
  b.writeUInt32LE(FILE_ATTRIBUTES, 38);
  b.writeUInt32LE(zip64 ? MAX_32 : entry.offset, 42);
  entry.name.copy(b, 46);
  extra.copy(b, 46 + entry.name.length);
  return b;
}

/** End of central directory, preceded by the ZIP64 record and locator when a field overflows. */
function end(count: number, size: number, start: number): Buffer {
  const zip64 = count > MAX_16 || size >= MAX_32 || start >= MAX_32;
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(zip64 ? MAX_16 : count, 8);
  eocd.writeUInt16LE(zip64 ? MAX_16 : count, 10);
  eocd.writeUInt32LE(zip64 ? MAX_32 : size, 12);
  eocd.writeUInt32LE(zip64 ? MAX_32 : start, 16);
  if (!zip64) return eocd;
  const record = Buffer.alloc(56);
  record.writeUInt32LE(0x06064b50, 0);
  record.writeBigUInt64LE(44n, 4);
  record.writeUInt16LE(MADE_BY, 12);
  record.writeUInt16LE(VERSION_ZIP64, 14);
  record.writeBigUInt64LE(BigInt(count), 24);
  record.writeBigUInt64LE(BigInt(count), 32);
  record.writeBigUInt64LE(BigInt(size), 40);
  record.writeBigUInt64LE(BigInt(start), 48);
  const locator = Buffer.alloc(20);
  locator.writeUInt32LE(0x07064b50, 0);
  locator.writeBigUInt64LE(BigInt(start + size), 8);
  locator.writeUInt32LE(1, 16);
  return Buffer.concat([record, locator, eocd]);
}

/** MS-DOS date and time (local time, 2-second steps; years before 1980 clamp to 1980). */
function dosDateTime(at: Date): { date: number; time: number } {
  const year = Math.max(1980, at.getFullYear());
  return {
    date: ((year - 1980) << 9) | ((at.getMonth() + 1) << 5) | at.getDate(),
    time: (at.getHours() << 11) | (at.getMinutes() << 5) | (at.getSeconds() >> 1),
  };
}
