import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';

/**
 * Marks a stream whose file is handed over with its bytes: nobody reads the file after, so a store
 * on the same disk may take the file itself by rename instead of writing its bytes a second time
 * (a finished upload of a gigabyte, issue 26). A symbol, so only code in this process sets it; a
 * request's body never carries it.
 */
const HANDED_OVER = Symbol('paddock.handedOverFile');

type Marked = Readable & { [HANDED_OVER]?: string };

/** The file at `path` as a stream, handed over: its reader may take the file (it is removed after either way). */
export function handOverFile(path: string): Readable {
  return markHandedOver(createReadStream(path), path);
}

/** Marks `stream` as carrying the whole file at `path` (a stream that only forwards a handed-over one). */
export function markHandedOver<S extends Readable>(stream: S, path: string | undefined): S {
  if (path !== undefined) (stream as Marked)[HANDED_OVER] = path;
  return stream;
}

/** The file `stream` hands over, if it does. */
export function handedOverFileOf(stream: Readable): string | undefined {
  return (stream as Marked)[HANDED_OVER];
}
