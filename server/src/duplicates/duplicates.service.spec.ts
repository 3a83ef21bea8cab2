import type { DuplicatePair } from '@paddock/rules';
import { groupsOf } from './duplicates.service';

const pair = (a: string, b: string): DuplicatePair => ({
  a,
  b,
  match: 'near',
  distance: 3,
  decision: null,
  kept: null,
  decidedBy: null,
  decidedAt: null,
});

describe('groupsOf', () => {
  it('joins pairs that share an asset, however far along the chain, and keeps apart the rest', () => {
    const groups = groupsOf([pair('1', '2'), pair('5', '6'), pair('3', '4'), pair('2', '3')]);
    expect(groups.map((g) => [g.ids.sort(), g.pairs.length])).toEqual([
      [['1', '2', '3', '4'], 3],
      [['5', '6'], 1],
    ]);
  });

  it('makes no group of no pairs', () => {
    expect(groupsOf([])).toEqual([]);
  });
});
