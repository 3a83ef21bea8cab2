import { systemClock, type Clock } from '../common/clock';
import { ListingCache } from './listing-cache';

/** A feed whose generation the test moves, as committed changes would. */
function feed() {
  let generation: number | undefined = 1;
  return {
    generation: (topic: string) =>
      topic === 'listing' && generation !== undefined ? `${generation}` : undefined,
    change: () => (generation = (generation ?? 0) + 1),
    deaf: () => (generation = undefined),
  };
}

function counting<T>(value: T) {
  const compute = jest.fn(() => Promise.resolve(value));
  return compute;
}

describe('ListingCache', () => {
  it('answers a page asked again at the same generation without computing it again', async () => {
    const changes = feed();
    const cache = new ListingCache(changes, systemClock);
    const compute = counting(['a']);
    expect(await cache.read(['page', 'token', { folder: 1 }], compute)).toEqual(['a']);
    expect(await cache.read(['page', 'token', { folder: 1 }], compute)).toEqual(['a']);
    expect(compute).toHaveBeenCalledTimes(1);
  });

  it('computes the page again once a change is announced', async () => {
    const changes = feed();
    const cache = new ListingCache(changes, systemClock);
    await cache.read(['page'], counting(['before']));
    changes.change();
    expect(await cache.read(['page'], counting(['after']))).toEqual(['after']);
  });

  it('keeps nothing while no change can be heard', async () => {
    const changes = feed();
    changes.deaf();
    const cache = new ListingCache(changes, systemClock);
    const compute = counting(['a']);
    await cache.read(['page'], compute);
    await cache.read(['page'], compute);
    expect(compute).toHaveBeenCalledTimes(2);
  });

  it('keeps nothing without a feed (a provider whose writes the hub cannot hear)', async () => {
    const cache = new ListingCache(undefined, systemClock);
    const compute = counting(['a']);
    await cache.read(['page'], compute);
    await cache.read(['page'], compute);
    expect(compute).toHaveBeenCalledTimes(2);
  });

  it('tells callers apart by every part of the key (the token above all)', async () => {
    const cache = new ListingCache(feed(), systemClock);
    await cache.read(['page', 'mario', { folder: 1 }], counting(['mario sees this']));
    expect(await cache.read(['page', 'luca', { folder: 1 }], counting(['luca sees that']))).toEqual([
      'luca sees that',
    ]);
    expect(await cache.read(['page', 'mario', { folder: 2 }], counting(['another folder']))).toEqual([
      'another folder',
    ]);
  });

  it('shares one computation between callers asking at once', async () => {
    const cache = new ListingCache(feed(), systemClock);
    let finish!: (v: string[]) => void;
    const compute = jest.fn(() => new Promise<string[]>((resolve) => (finish = resolve)));
    const both = Promise.all([cache.read(['page'], compute), cache.read(['page'], compute)]);
    finish(['a']);
    expect(await both).toEqual([['a'], ['a']]);
    expect(compute).toHaveBeenCalledTimes(1);
  });

  it('never keeps a failure: the next ask tries again', async () => {
    const cache = new ListingCache(feed(), systemClock);
    await expect(cache.read(['page'], () => Promise.reject(new Error('provider down')))).rejects.toThrow(
      'provider down',
    );
    expect(await cache.read(['page'], counting(['back']))).toEqual(['back']);
  });

  it('forgets a page after a minute, whatever the feed says', async () => {
    let now = 0;
    const clock: Clock = { now: () => new Date(now) };
    const cache = new ListingCache(feed(), clock);
    await cache.read(['page'], counting(['old']));
    now += 60_001;
    expect(await cache.read(['page'], counting(['new']))).toEqual(['new']);
  });
});
