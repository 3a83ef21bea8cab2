import { FolderScopeCache, type FolderScope, type FolderScopeQuery } from './folder-scope-cache';

const query = (over: Partial<FolderScopeQuery> = {}): FolderScopeQuery => ({
  scope: { groupIds: ['L/MARKETING', 'L/SALES'], opensJunk: false },
  inFolders: [{ ref: 'arch04-marketing', cascade: true }],
  notInFolders: [],
  ...over,
});
const scope: FolderScope = { allowed: ['a', 'b'], excluded: [], small: true };

describe('FolderScopeCache', () => {
  let now = 0;
  const cache = () => new FolderScopeCache(() => now);
  beforeEach(() => (now = 1_000));

  it('gives a scope back only at the generation it was computed at', () => {
    const c = cache();
    c.set(query(), 7n, scope);
    expect(c.get(query(), 7n)).toBe(scope);
    expect(c.get(query(), 8n)).toBeUndefined();
    // Dropped once stale: going back to the old generation finds nothing either.
    expect(c.get(query(), 7n)).toBeUndefined();
  });

  it('keys on the groups (in any order), the junk, and the folders named with their cascade', () => {
    const c = cache();
    c.set(query(), 1n, scope);
    expect(c.get(query({ scope: { groupIds: ['L/SALES', 'L/MARKETING'], opensJunk: false } }), 1n)).toBe(
      scope,
    );
    expect(c.get(query({ scope: { groupIds: ['L/MARKETING'], opensJunk: false } }), 1n)).toBeUndefined();
    expect(
      c.get(query({ scope: { groupIds: ['L/MARKETING', 'L/SALES'], opensJunk: true } }), 1n),
    ).toBeUndefined();
    expect(c.get(query({ inFolders: [{ ref: 'arch04-marketing', cascade: false }] }), 1n)).toBeUndefined();
    expect(c.get(query({ notInFolders: [{ ref: 'x', cascade: false }] }), 1n)).toBeUndefined();
  });

  it('recomputes after a minute, since the link counts that pick the plan are not watched', () => {
    const c = cache();
    c.set(query(), 1n, scope);
    now += 59_999;
    expect(c.get(query(), 1n)).toBe(scope);
    now += 1;
    expect(c.get(query(), 1n)).toBeUndefined();
  });

  it('forgets the oldest entry past its bound', () => {
    const c = cache();
    const nth = (i: number) => query({ inFolders: [{ ref: `f${i}`, cascade: true }] });
    for (let i = 0; i <= 2_000; i++) c.set(nth(i), 1n, scope);
    expect(c.get(nth(0), 1n)).toBeUndefined();
    expect(c.get(nth(1), 1n)).toBe(scope);
    expect(c.get(nth(2_000), 1n)).toBe(scope);
  });
});
