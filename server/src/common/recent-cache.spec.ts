import { RecentCache } from './recent-cache';

describe('RecentCache', () => {
  let now = Date.parse('2026-11-26T10:00:00Z');
  const clock = { now: () => new Date(now) };

  it('answers what was stored until its time is up', () => {
    const cache = new RecentCache<string>(10, 1_000, clock);
    cache.set('a', 'A');
    now += 999;
    expect(cache.get('a')).toBe('A');
    now += 1;
    expect(cache.get('a')).toBeUndefined();
  });

  it('drops the least recently read entry when full', () => {
    const cache = new RecentCache<string>(2, 60_000, clock);
    cache.set('a', 'A');
    cache.set('b', 'B');
    expect(cache.get('a')).toBe('A');
    cache.set('c', 'C');
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual(['A', undefined, 'C']);
  });

  it('replaces an entry stored again, with a new time', () => {
    const cache = new RecentCache<string>(2, 1_000, clock);
    cache.set('a', 'A');
    now += 800;
    cache.set('a', 'A2');
    now += 800;
    expect(cache.get('a')).toBe('A2');
  });
});
