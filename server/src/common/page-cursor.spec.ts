import { decodeCursor, encodeCursor } from './page-cursor';

describe('page cursor', () => {
  it('reads back what it wrote', () => {
    const cursor = { at: new Date('2026-11-21T03:00:00.123Z'), id: 'job-1' };
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
  });

  it.each([
    '',
    'not-base64!',
    Buffer.from('[1,2]').toString('base64url'),
    Buffer.from('["x","a"]').toString('base64url'),
  ])('refuses a cursor it did not make (%s)', (text) => {
    expect(() => decodeCursor(text)).toThrow(expect.objectContaining({ code: 'VALIDATION_FAILED' }));
  });
});
