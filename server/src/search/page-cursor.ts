import type { ProviderSearchHit } from '../provider/search.gateway';
import { LIMITS } from '@paddock/rules';
import { DomainError } from '../common/domain-error';

/**
 * Where the next page of a listing starts. Sorted by creation date, it is a keyset: the last
 * creation date seen (`at`) and how many contents with exactly that date were already returned
 * (`skip`), which the provider reads as a date bound (THRON's criteria fromDate / toDate) and a
 * small offset, so a deep page costs what the first one does. Sorted by name, it is the provider's
 * own page token (THRON content/search's nextPageToken), opaque to the hub too. Other sorts, and
 * searches the provider cannot page by token, keep a plain offset.
 */
export type PageCursor = { at: string; skip: number } | { token: string } | { offset: number };

/** Opaque to the web: base64url of the JSON. */
export function encodeCursor(cursor: PageCursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

export function decodeCursor(text: string): PageCursor {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw DomainError.invalid('cursor is not one this listing gave');
  }
  if (isKeyset(value)) return { at: value.at, skip: value.skip };
  if (isToken(value)) return { token: value.token };
  if (isOffset(value)) return { offset: value.offset };
  throw DomainError.invalid('cursor is not one this listing gave');
}

/** The longest cursor encodeCursor gives: a provider's longest token in its JSON, in base64url. */
export const CURSOR_MAX_LENGTH = Math.ceil(((LIMITS.pageTokenMaxLength + '{"token":""}'.length) * 4) / 3);

/** The cursor of the page after one paged by the provider's token: none at the end. */
export function tokenCursor(next: string | undefined): PageCursor | undefined {
  return next === undefined ? undefined : { token: next };
}

/**
 * The cursor after a non-empty `page` asked for at `from` (undefined: the first page). Ties on the
 * last creation date carry over when the page ends on the date it started from. A page asked for
 * by offset goes on by offset: ties before it are unknown.
 */
export function nextCursor(
  page: Pick<ProviderSearchHit, 'createdAt'>[],
  from: PageCursor | undefined,
  byCreationDate: boolean,
): PageCursor {
  const last = page[page.length - 1];
  if (!byCreationDate || !last || (from && !('at' in from))) {
    const offset = from && 'offset' in from ? from.offset : 0;
    return { offset: offset + page.length };
  }
  const at = last.createdAt;
  const ties = page.filter((c) => c.createdAt === at).length;
  return { at, skip: ties + (from?.at === at ? from.skip : 0) };
}

function isKeyset(v: unknown): v is { at: string; skip: number } {
  if (typeof v !== 'object' || v === null) return false;
  const { at, skip } = v as Record<string, unknown>;
  return (
    typeof at === 'string' &&
    at.length <= 40 &&
    !Number.isNaN(Date.parse(at)) &&
    Number.isSafeInteger(skip) &&
    (skip as number) >= 0 &&
    (skip as number) <= LIMITS.pageOffsetMax
  );
}

function isToken(v: unknown): v is { token: string } {
  if (typeof v !== 'object' || v === null) return false;
  const { token } = v as Record<string, unknown>;
  return typeof token === 'string' && token.length > 0 && token.length <= LIMITS.pageTokenMaxLength;
}

function isOffset(v: unknown): v is { offset: number } {
  if (typeof v !== 'object' || v === null) return false;
  const { offset } = v as Record<string, unknown>;
  return (
    Number.isSafeInteger(offset) && (offset as number) >= 0 && (offset as number) <= LIMITS.pageOffsetMax
  );
}
