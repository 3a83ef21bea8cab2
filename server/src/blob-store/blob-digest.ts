import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import type { BlobMeasured } from './blob-store';

/**
 * What a blob's bytes measure, worked out as they stream past once: its size, its sha256 (duplicates)
 * and its CRC-32, which a ZIP must carry for every entry. Measured once (as a stream is written, or by
 * the derivatives job for an upload taken by rename), a ZIP of stored files need not read their bytes
 * twice over: zlib's CRC-32 runs at about the speed of a disk read and was half the CPU of a ZIP
 * download (docs/benchmarks.md).
 */
export class BlobDigest {
  private readonly hash = createHash('sha256');
  private size = 0;
  private crc = 0;

  update(chunk: Buffer): void {
    this.hash.update(chunk);
    this.crc = crc32(chunk, this.crc);
    this.size += chunk.length;
  }

  result(): BlobMeasured {
    return { size: this.size, sha256: this.hash.digest('hex'), crc32: this.crc };
  }
}

/** The digest of a whole stream, read chunk by chunk. */
export async function digestOf(stream: Readable): Promise<BlobMeasured> {
  const digest = new BlobDigest();
  for await (const chunk of stream as AsyncIterable<Buffer | string>)
    digest.update(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return digest.result();
}
