import { DomainError } from './domain-error';

/** Where a newest-first page ended: the last row's time and id (ids break ties). */
export interface PageCursor {
  at: Date;
  id: string;
}

/** An opaque cursor for the next page: the client passes it back unchanged. */
export function encodeCursor(cursor: PageCursor): string {
  return Buffer.from(JSON.stringify([cursor.at.toISOString(), cursor.id])).toString('base64url');
}

/** Reads a cursor back; a cursor not made by `encodeCursor` is a bad request. */
export function decodeCursor(text: string): PageCursor {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 2) {
      const [at, id] = value as unknown[];
      const date = typeof at === 'string' ? new Date(at) : new Date(NaN);
      if (typeof id === 'string' && id !== '' && !Number.isNaN(date.getTime())) return { at: date, id };
    }
  } catch {
    // Falls through to the one error below.
  }
  throw DomainError.invalid('Invalid cursor');
}
