import { Redis } from 'ioredis';
import {
  ADDRESS_MAX_FAILURES,
  ADDRESS_WINDOW_MS,
  LOGIN_PAIR_MEMORY_MS,
  LoginThrottle,
} from '../../src/common/login-throttle';
import { REDIS_KEY_SPACES } from '../../src/common/redis/redis-client';
import { testRedisPrefix } from '../support/databases';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** The throttle's Redis side: the per-address cap (password spraying), concurrency and key hygiene. */
describe('LoginThrottle over Redis', () => {
  const prefix = testRedisPrefix();
  let now = Date.parse('2027-01-01T10:00:00Z');
  const throttle = new LoginThrottle(
    { REDIS_URL, REDIS_PREFIX: prefix, LOGIN_MAX_FAILURES: 5, LOGIN_LOCK_MINUTES: 15 },
    { now: () => new Date(now) },
    REDIS_KEY_SPACES.signInThrottle,
  );
  const redis = new Redis(REDIS_URL);

  afterAll(async () => {
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
    await throttle.onModuleDestroy();
  });

  it(`stops an address after ${ADDRESS_MAX_FAILURES} failures across names, for the rest of the hour`, async () => {
    const address = '203.0.113.30';
    for (let i = 0; i < ADDRESS_MAX_FAILURES; i++)
      expect(await throttle.attempt(`sprayed.${i}`, address)).toEqual({ allowed: true });
    expect(await throttle.attempt('sprayed.next', address)).toEqual({
      allowed: false,
      retryAfterSeconds: ADDRESS_WINDOW_MS / 1000,
    });
    expect(await throttle.attempt('sprayed.next', '203.0.113.31')).toEqual({ allowed: true });

    // A success gives its attempt back: a busy office behind one address is not stopped by its own sign-ins.
    await throttle.succeeded('sprayed.0', address);
    expect(await throttle.attempt('sprayed.next', address)).toEqual({ allowed: true });
    expect((await throttle.attempt('sprayed.other', address)).allowed).toBe(false);

    now += ADDRESS_WINDOW_MS;
    expect(await throttle.attempt('sprayed.other', address)).toEqual({ allowed: true });
  });

  it('lets only the free failures through when guesses arrive all at once', async () => {
    const verdicts = await Promise.all(
      Array.from({ length: 20 }, () => throttle.attempt('parallel', '203.0.113.32')),
    );
    expect(verdicts.filter((v) => v.allowed)).toHaveLength(5);
  });

  it('keeps neither the name nor the address in clear, and forgets a pair a day after its last try', async () => {
    await throttle.attempt('secret.name', '203.0.113.33');
    const keys = await redis.keys(`${prefix}:*`);
    expect(keys.some((k) => k.includes('secret.name') || k.includes('203.0.113.33'))).toBe(false);
    const ttls = await Promise.all(keys.filter((k) => k.includes(':pair:')).map((k) => redis.pttl(k)));
    expect(ttls.every((ttl) => ttl > 0 && ttl <= LOGIN_PAIR_MEMORY_MS)).toBe(true);
  });
});
