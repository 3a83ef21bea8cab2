import { pageRange } from './page-range';

describe('pageRange (upload check: a range of 3 pages)', () => {
  it('centres the current page when it can', () => {
    expect(pageRange(5, 9, 3)).toEqual([4, 5, 6]);
  });

  it('stays inside the first and last pages', () => {
    expect(pageRange(1, 9, 3)).toEqual([1, 2, 3]);
    expect(pageRange(9, 9, 3)).toEqual([7, 8, 9]);
  });

  it('shows every page when there are fewer than the range, and none without results', () => {
    expect(pageRange(2, 2, 3)).toEqual([1, 2]);
    expect(pageRange(1, 1, 3)).toEqual([1]);
    expect(pageRange(1, 0, 3)).toEqual([]);
  });
});
