import { pipeline } from 'node:stream/promises';
import { Logger } from '@nestjs/common';
import type { Request, Response } from 'express';

/**
 * How one kind of bytes is answered: how long a cache may keep it, and whether the browser may
 * guess its type. Every endpoint that streams bytes picks one of BYTE_POLICIES, so two endpoints
 * answering the same kind of bytes cannot drift apart.
 */
export interface BytePolicy {
  /** Cache-Control; absent, none is set (the built-in provider answers the hub, which decides). */
  cache?: string;
  /** X-Content-Type-Options: nosniff, for bytes a recipient's browser opens outside the hub. */
  nosniff?: boolean;
}

export const BYTE_POLICIES = {
  /** A hub rendition (thumbnail, preview, poster, proxy): kept 5 minutes, then revalidated by ETag. */
  rendition: { cache: 'private, max-age=300' },
  /** A hub original: a new version replaces it under the same URL, so always revalidated. */
  original: { cache: 'private, no-cache' },
  /**
   * A picture on a share page: it may stay in the recipient's own cache but is checked again
   * before each use (its ETag answers 304 after the share, session, expiry and revocation checks).
   */
  sharePicture: { cache: 'private, no-cache', nosniff: true },
  /** An original or the ZIP on a share page: never kept. */
  shareDownload: { cache: 'private, no-store', nosniff: true },
  /** A ZIP the hub prepared for one user: never kept. */
  download: { cache: 'no-store' },
  /** The built-in provider's bytes to its caller (a version's stream, an archive). */
  provider: {},
} as const satisfies Record<string, BytePolicy>;

/**
 * The built-in provider's internal answer headers: the original's file name (URI-encoded), the
 * version streamed and the content's type. They travel from the provider to the hub and are
 * never passed on to a browser.
 */
export const INTERNAL_HEADERS = {
  fileName: 'X-File-Name',
  version: 'X-Content-Version',
  contentType: 'X-Content-Type',
} as const;

const INTERNAL = new Set(Object.values(INTERNAL_HEADERS).map((name) => name.toLowerCase()));

/** The file name carried by `headers`' X-File-Name (any case), decoded; undefined without one. */
export function fileNameOf(headers: Readonly<Record<string, string | undefined>>): string | undefined {
  const wanted = INTERNAL_HEADERS.fileName.toLowerCase();
  const encoded = Object.entries(headers).find(([name]) => name.toLowerCase() === wanted)?.[1];
  return encoded ? decodeURIComponent(encoded) : undefined;
}

/** Whether `header` (If-None-Match: a list of tags, or '*') names `etag`. */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim().replace(/^W\//, '');
    return t === '*' || t === etag;
  });
}

/**
 * Bytes to answer: a status, the headers of whoever made them, and the body (none for a 304): a
 * stream, or bytes already in memory (a kept card picture), which are written at once.
 */
export interface Bytes {
  status: number;
  headers?: Readonly<Record<string, string | undefined>>;
  body?: NodeJS.ReadableStream | Buffer | null;
}

/** Bytes already in memory, with the headers they were kept with: null for a 304. */
export interface KeptBytes extends Bytes {
  headers: Readonly<Record<string, string>>;
  body: Buffer | null;
}

export interface ByteSending {
  policy: BytePolicy;
  /** Only these of `headers` (lower-case names) are passed; without it, all but the internal ones. */
  pass?: readonly string[];
  /** The internal headers are passed too: the built-in provider answering the hub. */
  passInternal?: boolean;
  /** Answered as an attachment under this name (its Content-Type then follows the name's extension). */
  attachment?: string;
  /** What the log says when the body is cut short once its status has gone. */
  what: string;
}

const logger = new Logger('ByteStream');

/**
 * Answers `bytes` under `sending.policy`: status, passed headers, cache and nosniff, attachment;
 * a 304, a HEAD or a body-less answer ends there (the unread body is released). A body cut short
 * after the status has gone is logged, not thrown: the client sees a short file, and pipeline has
 * closed both ends.
 */
export async function sendBytes(
  req: Request,
  res: Response,
  bytes: Bytes,
  sending: ByteSending,
): Promise<void> {
  res.status(bytes.status);
  for (const [name, value] of Object.entries(bytes.headers ?? {})) {
    const lower = name.toLowerCase();
    const passed = sending.pass ? sending.pass.includes(lower) : sending.passInternal || !INTERNAL.has(lower);
    if (value && passed) res.set(name, value);
  }
  if (sending.policy.cache) res.set('Cache-Control', sending.policy.cache);
  if (sending.policy.nosniff) res.set('X-Content-Type-Options', 'nosniff');
  if (sending.attachment !== undefined) res.attachment(sending.attachment);
  if (!bytes.body || bytes.status === 304 || req.method === 'HEAD') {
    if (bytes.body && 'destroy' in bytes.body && typeof bytes.body.destroy === 'function')
      bytes.body.destroy();
    res.end();
    return;
  }
  // Without a stream and its pipeline: a grid asks hundreds of kept pictures a second (issue 26).
  if (Buffer.isBuffer(bytes.body)) {
    res.set('Content-Length', String(bytes.body.length));
    res.end(bytes.body);
    return;
  }
  try {
    await pipeline(bytes.body, res);
  } catch (err) {
    logger.warn({ err }, `${sending.what} ended early`);
  }
}

/**
 * A ZIP made while it streams, answered 200 with its length when known: the length gives the
 * browser's download a real total and progress bar; without one the ZIP goes chunked.
 */
export function zipBytes(zip: { body: NodeJS.ReadableStream; length: number | null }): Bytes {
  return {
    status: 200,
    headers: {
      'Content-Type': 'application/zip',
      'Content-Length': zip.length === null ? undefined : String(zip.length),
    },
    body: zip.body,
  };
}
