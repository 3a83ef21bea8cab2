import { LIMITS } from '@paddock/rules';
import { DomainError } from '../common/domain-error';
import { decodeCursor, encodeCursor, nextCursor, type PageCursor } from './page-cursor';

const at = (...dates: string[]) => dates.map((createdAt) => ({ createdAt }));
const T1 = '2026-01-03T00:00:00.000Z';
const T2 = '2026-01-02T00:00:00.000Z';

describe('page cursors', () => {
  it("round-trips a keyset, the provider's page token and an offset", () => {
    for (const cursor of [
      { at: T1, skip: 3 },
      { token: 'eyJrIjpbXX0' },
      { offset: 250 },
    ] satisfies PageCursor[])
      expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
  });

  it.each([
    ['not base64 JSON', 'nope!'],
    ['JSON of another shape', Buffer.from('{"at":1}').toString('base64url')],
    ['a date that is not one', Buffer.from('{"at":"soon","skip":0}').toString('base64url')],
    ['a negative skip', Buffer.from(`{"at":"${T1}","skip":-1}`).toString('base64url')],
    ['a fractional offset', Buffer.from('{"offset":1.5}').toString('base64url')],
    ['a huge offset', Buffer.from('{"offset":1e12}').toString('base64url')],
    ['an empty token', Buffer.from('{"token":""}').toString('base64url')],
    [
      'a token longer than a provider gives',
      Buffer.from(`{"token":"${'a'.repeat(LIMITS.pageTokenMaxLength + 1)}"}`).toString('base64url'),
    ],
  ])('refuses %s with VALIDATION_FAILED', (_case, text) => {
    expect(() => decodeCursor(text)).toThrow(DomainError);
    try {
      decodeCursor(text);
    } catch (e) {
      expect((e as DomainError).code).toBe('VALIDATION_FAILED');
    }
  });

  it('starts a keyset after the first page by creation date, counting the ties on its last date', () => {
    expect(nextCursor(at(T1, T2, T2), undefined, true)).toEqual({ at: T2, skip: 2 });
  });

  it('carries the ties over when a page ends on the date it started from', () => {
    expect(nextCursor(at(T2, T2), { at: T2, skip: 2 }, true)).toEqual({ at: T2, skip: 4 });
    expect(nextCursor(at(T2, T1), { at: T2, skip: 2 }, true)).toEqual({ at: T1, skip: 1 });
  });

  it('goes on by offset for other sorts and after a page asked for by offset', () => {
    expect(nextCursor(at(T1, T2), undefined, false)).toEqual({ offset: 2 });
    expect(nextCursor(at(T1, T2), { offset: 40 }, true)).toEqual({ offset: 42 });
  });
});
