import type { Readable } from 'node:stream';

/** Injection token of the blob store: `@Inject(BLOB_STORE) blobs: BlobStore`. */
export const BLOB_STORE = Symbol('BLOB_STORE');

/** What a blob's bytes measure, read in full once. */
export interface BlobMeasured {
  size: number;
  /** Lower-case hex. */
  sha256: string;
  /** CRC-32 (ISO-HDLC, zlib's), unsigned. */
  crc32: number;
}

/**
 * What a finished write answers: what it measured while streaming, or only the size when it did not
 * read the bytes (a handed-over file taken by rename; the derivatives job measures every new source).
 */
export type BlobWritten = BlobMeasured | { size: number; sha256: null; crc32: null };

export interface BlobStat {
  size: number;
  modifiedAt: Date;
}

/** One blob of a listing. */
export interface BlobListing extends BlobStat {
  key: string;
}

/** Inclusive byte range, as in HTTP `Range: bytes=start-end`. */
export interface BlobRange {
  start: number;
  end: number;
}

/** A key that names no blob. */
export class BlobNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`No blob at ${key}`);
    this.name = 'BlobNotFoundError';
  }
}

/** A key that is not a safe relative path (absolute, '..', empty segment, control characters). */
export class InvalidBlobKeyError extends Error {
  constructor(readonly key: string) {
    super(`Invalid blob key ${JSON.stringify(key)}`);
    this.name = 'InvalidBlobKeyError';
  }
}

/**
 * Where source files and derivatives live (ARCHITECTURE: disk or S3). Every method streams: a file
 * of any size never sits in memory. Keys are relative paths with '/' separators.
 */
export interface BlobStore {
  /** Writes `source` under `key`, replacing any blob there only once the whole stream is written. */
  put(key: string, source: Readable): Promise<BlobWritten>;
  /** The bytes of `key` (or of `range` of it); throws BlobNotFoundError. */
  get(key: string, range?: BlobRange): Promise<Readable>;
  /** null when there is no blob at `key`. */
  stat(key: string): Promise<BlobStat | null>;
  exists(key: string): Promise<boolean>;
  /** Idempotent: deleting a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** Renames a blob (cheap on disk); throws BlobNotFoundError when `from` is missing. */
  move(from: string, to: string): Promise<void>;
  /**
   * The blobs under the folder `prefix` (`a/b/`: a safe key and a trailing '/'), at any depth, in
   * no set order; streamed page by page, so a listing of any length never sits in memory.
   */
  list(prefix: string): AsyncIterable<BlobListing>;
}

/** A listing's prefix: a safe key ending in '/', so `incoming/1/` never lists `incoming/10/`. */
export function assertSafePrefix(prefix: string): void {
  if (!prefix.endsWith('/')) throw new InvalidBlobKeyError(prefix);
  assertSafeKey(prefix.slice(0, -1));
}

const SEGMENT = /^[A-Za-z0-9._@+=,-][A-Za-z0-9 ._@+=,-]*$/;

/** Refuses anything but `a/b/c` made of plain segments: no '..', no '.', no absolute path. */
export function assertSafeKey(key: string): void {
  if (key.length === 0 || key.length > 1024) throw new InvalidBlobKeyError(key);
  for (const segment of key.split('/'))
    if (segment === '.' || segment === '..' || !SEGMENT.test(segment)) throw new InvalidBlobKeyError(key);
}
