import type { Readable } from 'node:stream';
import { BlobNotFoundError, type BlobRange, type BlobStore } from '../../blob-store/blob-store';
import { parseByteRange } from '../../blob-store/byte-range';
import { matchesEtag } from '../../common/byte-stream';
import { ThronError } from '../thron.errors';
import type { ContentRepository } from './content.repository';
import { CONTENT_FAILURES } from './contents.errors';

export interface StreamAnswer {
  status: 200 | 206 | 304;
  headers: Record<string, string>;
  body?: Readable;
}

/** The request headers a byte answer heeds. */
export interface ByteRequestHeaders {
  range?: string;
  ifNoneMatch?: string;
}

/** A version's source or derivative as the store holds it. */
export interface StoredFile {
  blobKey: string;
  mimeType: string;
  size: number;
  /** The original's name; empty for a derivative. */
  fileName: string;
  etag: string;
}

/** The file of a version's source (`kind` 'source') or of one of its derivatives; null when absent. */
export async function storedFileOf(
  contents: Pick<ContentRepository, 'source' | 'derivative'>,
  contentId: string,
  version: number,
  kind: string,
): Promise<StoredFile | null> {
  if (kind === 'source') {
    const s = await contents.source(contentId, version);
    return (
      s && {
        blobKey: s.blobKey,
        mimeType: s.mimeType,
        size: Number(s.size),
        fileName: s.fileName,
        // A version's bytes never change, so its id and number name them from the moment it is
        // stored (its sha256 comes later, with the derivatives job).
        etag: `"${contentId}.${version}"`,
      }
    );
  }
  const d = await contents.derivative(contentId, version, kind);
  return (
    d && {
      blobKey: d.blobKey,
      mimeType: d.mimeType,
      size: Number(d.size),
      fileName: '',
      etag: `"${contentId}.${version}.${kind}.${d.size}.${d.createdAt.getTime()}"`,
    }
  );
}

/**
 * A file's bytes as HTTP answers them: 304 when the caller's ETag still matches, 206 for a
 * satisfiable range, a ThronError for another, else 200 with the whole file. `extraHeaders` go on
 * every answer beside the file's own.
 */
export async function answerBytes(
  blobs: BlobStore,
  file: StoredFile,
  extraHeaders: Record<string, string>,
  request: ByteRequestHeaders,
): Promise<StreamAnswer> {
  const base: Record<string, string> = {
    'Content-Type': file.mimeType,
    ETag: file.etag,
    'Accept-Ranges': 'bytes',
    ...extraHeaders,
  };
  if (matchesEtag(request.ifNoneMatch, file.etag)) return { status: 304, headers: base };
  const range = parseByteRange(request.range, file.size);
  if (range === null)
    throw new ThronError({
      ...CONTENT_FAILURES.rangeNotSatisfiable,
      errorDescription: `bytes */${file.size}`,
    });
  try {
    const body = await blobs.get(file.blobKey, range);
    return range ? partial(base, range, file.size, body) : whole(base, file.size, body);
  } catch (error) {
    if (error instanceof BlobNotFoundError) throw new ThronError(CONTENT_FAILURES.fileNotFound);
    throw error;
  }
}

function whole(headers: Record<string, string>, size: number, body: Readable): StreamAnswer {
  return { status: 200, headers: { ...headers, 'Content-Length': String(size) }, body };
}

function partial(
  headers: Record<string, string>,
  range: BlobRange,
  size: number,
  body: Readable,
): StreamAnswer {
  return {
    status: 206,
    headers: {
      ...headers,
      'Content-Length': String(range.end - range.start + 1),
      'Content-Range': `bytes ${range.start}-${range.end}/${size}`,
    },
    body,
  };
}
