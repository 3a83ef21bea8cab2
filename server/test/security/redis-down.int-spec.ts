import { ERROR_CODES, type ErrorBody } from '@paddock/rules';
import { Redis } from 'ioredis';
import { SignInThrottle } from '../../src/auth/sign-in-throttle';
import { ProviderLoginThrottle } from '../../src/builtin-provider/identity/provider-login-throttle';
import { SHARE_PAGE_PATH } from '../../src/builtin-provider/sharing/share-links';
import { ShareThrottle } from '../../src/builtin-provider/sharing/share-throttle';
import { RetryLaterError } from '../../src/common/domain-error';
import { requestConnectionOptions } from '../../src/common/redis/redis-connection';
import { THROTTLE_UNAVAILABLE_RETRY_SECONDS } from '../../src/common/redis/redis-windowed-counter';
import { ShareRate } from '../../src/sharing/share-rate';
import { PASSWORD, call, seedPeople } from '../auth/auth-fixtures';
import { freePort } from '../support/free-port';
import { startTestApp, type TestApp } from '../support/test-app';

jest.setTimeout(120_000);

/**
 * issue 11, Accounts: the sign-in throttle lives in Redis; while Redis cannot be reached a sign-in
 * is an outage (503 with a code and Retry-After), never a 500, and never let through unthrottled.
 * The app needs Redis to boot (queues, schedulers), so Redis "goes down" under the running app: the
 * throttle's connection is pointed at a loopback port nothing listens on. The machine's Redis,
 * which other runs share, is left alone.
 */
describe('sign-in while Redis is down (issue 11)', () => {
  let t: TestApp;
  let dead: Redis;
  let live: unknown;
  let liveProvider: unknown;
  const liveShares = new Map<object, unknown>();
  // The Redis windowed counter under a throttle, whose connection is swapped.
  const counterOf = (
    throttle: typeof SignInThrottle | typeof ProviderLoginThrottle | typeof ShareThrottle | typeof ShareRate,
  ): object => Reflect.get(t.app.get(throttle), 'counter') as object;

  beforeAll(async () => {
    t = await startTestApp();
    await seedPeople(t);
    dead = new Redis(`redis://127.0.0.1:${await freePort()}`, requestConnectionOptions());
    dead.on('error', () => undefined);
    live = Reflect.get(counterOf(SignInThrottle), 'redis');
    Reflect.set(counterOf(SignInThrottle), 'redis', dead);
    liveProvider = Reflect.get(counterOf(ProviderLoginThrottle), 'redis');
    Reflect.set(counterOf(ProviderLoginThrottle), 'redis', dead);
    for (const counter of [counterOf(ShareThrottle), counterOf(ShareRate)]) {
      liveShares.set(counter, Reflect.get(counter, 'redis'));
      Reflect.set(counter, 'redis', dead);
    }
  });
  afterAll(async () => {
    // The app closes the connection it opened.
    Reflect.set(counterOf(SignInThrottle), 'redis', live);
    Reflect.set(counterOf(ProviderLoginThrottle), 'redis', liveProvider);
    for (const [counter, redis] of liveShares) Reflect.set(counter, 'redis', redis);
    dead.disconnect();
    await t.close();
  });

  it('answers 503 SERVICE_UNAVAILABLE with Retry-After, for a right and a wrong password alike', async () => {
    for (const password of [PASSWORD, 'wrong-password']) {
      const res = await call<ErrorBody>(t, 'POST', '/api/session', {
        json: { username: 'mario.rossi', password },
      });
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ code: ERROR_CODES.SERVICE_UNAVAILABLE });
      expect(res.headers.get('retry-after')).toBe(String(THROTTLE_UNAVAILABLE_RETRY_SECONDS));
      // No session was opened.
      expect(res.headers.get('set-cookie')).toBeNull();
    }
  });

  it("answers the provider's own login with THRON's envelope and 503, never its 500 EXCEPTION", async () => {
    for (const password of [PASSWORD, 'wrong-password']) {
      const res = await fetch(`${t.url}/provider/xsso/resources/accessmanager/login/${t.config.CLIENT_ID}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ username: 'mario.rossi', password }).toString(),
      });
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({
        resultCode: 'EXCEPTION',
        errorDescription: 'SERVICE_UNAVAILABLE',
      });
      expect(res.headers.get('retry-after')).toBe(String(THROTTLE_UNAVAILABLE_RETRY_SECONDS));
    }
  });

  // One outage policy (issue 24): every security throttle fails closed, the share page's as the sign-in's.
  it('answers a share page 503 with Retry-After rather than opening it unthrottled', async () => {
    for (const path of ['', '/session']) {
      const res = await fetch(`${t.url}${SHARE_PAGE_PATH}/${'a'.repeat(43)}${path}`, {
        method: path ? 'POST' : 'GET',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: path ? new URLSearchParams({ password: PASSWORD }).toString() : undefined,
      });
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ errorDescription: 'SERVICE_UNAVAILABLE' });
      expect(res.headers.get('retry-after')).toBe(String(THROTTLE_UNAVAILABLE_RETRY_SECONDS));
    }
  });

  it('refuses to count an external share (so none is sent) with 503 and Retry-After', async () => {
    const refusal = await t.app
      .get(ShareRate)
      .reserve('mario.rossi', 1)
      .then(
        () => null,
        (err: unknown) => err,
      );
    expect(refusal).toBeInstanceOf(RetryLaterError);
    expect(refusal).toMatchObject({
      code: ERROR_CODES.SERVICE_UNAVAILABLE,
      status: 503,
      retryAfterSeconds: THROTTLE_UNAVAILABLE_RETRY_SECONDS,
    });
  });
});
