import { inGroupsOf } from './limits';

describe('inGroupsOf', () => {
  it('cuts a list into consecutive groups, the last one shorter, and nothing into nothing', () => {
    expect(inGroupsOf([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(inGroupsOf([1, 2], 2)).toEqual([[1, 2]]);
    expect(inGroupsOf([], 50)).toEqual([]);
  });
});
