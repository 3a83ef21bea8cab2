import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, opendir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertSafeKey,
  assertSafePrefix,
  BlobNotFoundError,
  type BlobListing,
  type BlobRange,
  type BlobStat,
  type BlobStore,
  type BlobWritten,
} from './blob-store';
import { handedOverFileOf } from './handed-over-file';
import { BlobDigest } from './blob-digest';

/** Temporary files of unfinished writes live here, on the same file system as the blobs (rename is atomic). */
const TEMP_DIR = '.tmp';

/**
 * Bytes per read of a blob. Node's 64 KiB default made every download and ZIP pay a thread-pool
 * round trip and a socket write per 64 KiB; 256 KiB cut the hub's CPU per ZIP byte by about a fifth,
 * and 1 MiB about a tenth more (the streams' per-chunk work; a file read holds at most 2 MiB).
 */
const READ_CHUNK = 1024 * 1024;

function isNotFound(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';
}

/** Blobs as files under one root directory (BLOB_DIR). */
export class DiskBlobStore implements BlobStore {
  private readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  async put(key: string, source: Readable): Promise<BlobWritten> {
    const target = this.pathOf(key);
    const tempDir = join(this.root, TEMP_DIR);
    await mkdir(tempDir, { recursive: true });
    await mkdir(dirname(target), { recursive: true });
    const handedOver = handedOverFileOf(source);
    if (handedOver !== undefined) {
      const taken = await this.take(handedOver, target);
      if (taken) {
        source.destroy();
        return taken;
      }
    }
    const temp = join(tempDir, randomUUID());
    const digest = new BlobDigest();
    const measure = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        digest.update(chunk);
        done(null, chunk);
      },
    });
    try {
      await pipeline(source, measure, createWriteStream(temp, { flags: 'wx' }));
      // Readers see either the old blob or the whole new one, never a partial file.
      await rename(temp, target);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
    return digest.result();
  }

  /**
   * A handed-over file becomes the blob by rename: its bytes are neither written again nor read, so
   * only its size is answered. Hashing a gigabyte took seconds the uploader waited through, and the
   * derivatives job reads every new source in full anyway and measures it on that one pass.
   * Undefined when the file is on another file system (the bytes are then copied as any stream's).
   */
  private async take(file: string, target: string): Promise<BlobWritten | undefined> {
    try {
      await rename(file, target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EXDEV') return undefined;
      throw error;
    }
    const { size } = await stat(target);
    return { size, sha256: null, crc32: null };
  }

  async get(key: string, range?: BlobRange): Promise<Readable> {
    const path = this.pathOf(key);
    // Opening first turns a missing file into BlobNotFoundError instead of a stream error later.
    const stream = createReadStream(path, {
      highWaterMark: READ_CHUNK,
      ...(range ? { start: range.start, end: range.end } : {}),
    });
    await new Promise<void>((ready, fail) => {
      stream.once('open', () => ready());
      stream.once('error', (error) => fail(isNotFound(error) ? new BlobNotFoundError(key) : error));
    });
    return stream;
  }

  async stat(key: string): Promise<BlobStat | null> {
    try {
      const s = await stat(this.pathOf(key));
      return s.isFile() ? { size: s.size, modifiedAt: s.mtime } : null;
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async move(from: string, to: string): Promise<void> {
    const source = this.pathOf(from);
    const target = this.pathOf(to);
    await mkdir(dirname(target), { recursive: true });
    try {
      await rename(source, target);
    } catch (error) {
      if (isNotFound(error)) throw new BlobNotFoundError(from);
      throw error;
    }
  }

  async *list(prefix: string): AsyncIterable<BlobListing> {
    assertSafePrefix(prefix);
    yield* this.walk(prefix.slice(0, -1));
  }

  /** The files under the folder of `key`, depth first; a missing folder has none. */
  private async *walk(key: string): AsyncIterable<BlobListing> {
    let dir;
    try {
      dir = await opendir(this.pathOf(key));
    } catch (error) {
      if (isNotFound(error) || (error as NodeJS.ErrnoException).code === 'ENOTDIR') return;
      throw error;
    }
    for await (const entry of dir) {
      const child = `${key}/${entry.name}`;
      if (entry.isDirectory()) yield* this.walk(child);
      else if (entry.isFile()) {
        const found = await this.stat(child);
        if (found) yield { key: child, ...found };
      }
    }
  }

  private pathOf(key: string): string {
    assertSafeKey(key);
    const path = resolve(this.root, ...key.split('/'));
    // Belt and braces: assertSafeKey already refuses every way out of the root.
    if (!path.startsWith(this.root + sep)) throw new BlobNotFoundError(key);
    return path;
  }
}
