import { internalShareDate, parseInternalShares, withInternalShares } from './internal-share';

describe('the internal-share metadata (SPEC §4, §9 yyyyMMdd)', () => {
  const now = new Date('2026-11-26T23:30:00Z');

  it('dates in yyyyMMdd, UTC', () => {
    expect(internalShareDate(now)).toBe('20261126');
  });

  it('is created with each folder and the date', () => {
    expect(parseInternalShares(withInternalShares(undefined, ['a', 'b', 'a'], now) ?? '')).toEqual([
      { folderId: 'a', date: '20261126' },
      { folderId: 'b', date: '20261126' },
    ]);
  });

  it('appends only the missing folders, keeping the earlier dates', () => {
    const before = JSON.stringify([{ folderId: 'a', date: '20250101' }]);
    expect(parseInternalShares(withInternalShares(before, ['a', 'c'], now) ?? '')).toEqual([
      { folderId: 'a', date: '20250101' },
      { folderId: 'c', date: '20261126' },
    ]);
  });

  it('answers null when every folder is there already (a retry writes nothing)', () => {
    const before = JSON.stringify([{ folderId: 'a', date: '20250101' }]);
    expect(withInternalShares(before, ['a'], now)).toBeNull();
  });

  it('reads a value that is not the list as none', () => {
    expect(parseInternalShares('not json')).toEqual([]);
    expect(parseInternalShares('{"folderId":"a"}')).toEqual([]);
    expect(parseInternalShares('[{"folderId":"a","date":"2026-11-26"}]')).toEqual([]);
  });
});
