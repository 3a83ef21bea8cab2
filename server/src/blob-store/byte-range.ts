import type { BlobRange } from './blob-store';

/**
 * The one range of an HTTP `Range` header over a blob of `size` bytes: `undefined` when there is
 * no header or it is not a single bytes range (answer the whole blob, as RFC 9110 allows), `null`
 * when it cannot be satisfied (answer 416).
 */
export function parseByteRange(header: string | undefined, size: number): BlobRange | null | undefined {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  if (match[1] === '') {
    // Suffix range: the last N bytes.
    const length = Number(match[2]);
    if (length === 0 || size === 0) return null;
    return { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size || end < start) return null;
  return { start, end };
}
