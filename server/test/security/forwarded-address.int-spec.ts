import { ProviderLoginThrottle } from '../../src/builtin-provider/identity/provider-login-throttle';
import { SHARE_GUESS_LIMIT, ShareThrottle } from '../../src/builtin-provider/sharing/share-throttle';
import { SHARE_PAGE_PATH } from '../../src/builtin-provider/sharing/share-links';
import { PASSWORD, call, seedPeople } from '../auth/auth-fixtures';
import { startTestApp, type TestApp } from '../support/test-app';

jest.setTimeout(120_000);

/**
 * The built-in provider's throttles count the address a trusted proxy saw, never one a browser wrote.
 * The test plays the reverse proxy on loopback (TRUST_PROXY's default): it appends the client's real
 * address to whatever X-Forwarded-For the browser sent, as nginx's $proxy_add_x_forwarded_for does.
 */
describe('a browser-chosen X-Forwarded-For and the provider throttles', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
    await seedPeople(t);
  });
  afterAll(() => t?.close());

  it('signs in through the hub (provider in-process): the provider counts the proxy-seen address', async () => {
    const throttle = t.app.get(ProviderLoginThrottle);
    const counted = jest.spyOn(throttle, 'attempt');
    try {
      const answer = await call(t, 'POST', '/api/session', {
        json: { username: 'mario.rossi', password: `${PASSWORD}-wrong` },
        headers: { 'x-forwarded-for': '198.51.100.1, 203.0.113.7' },
      });
      expect(answer.status).toBe(401);
      expect(counted.mock.calls.map(([, address]) => address)).toEqual(['203.0.113.7']);
    } finally {
      counted.mockRestore();
    }
  });

  it('locks the share page for the proxy-seen address, whatever the browser puts in front', async () => {
    const guess = (n: number) =>
      fetch(`${t.url}${SHARE_PAGE_PATH}/${'x'.repeat(41)}${String(n).padStart(2, '0')}`, {
        headers: { 'x-forwarded-for': `198.51.100.${n}, 203.0.113.9` },
        redirect: 'manual',
      });
    for (let n = 0; n < SHARE_GUESS_LIMIT.perAddress; n++) expect((await guess(n)).status).not.toBe(429);
    expect((await guess(99)).status).toBe(429);
    const throttle = t.app.get(ShareThrottle);
    expect((await throttle.addressOpen('203.0.113.9')).allowed).toBe(false);
    expect((await throttle.addressOpen('198.51.100.0')).allowed).toBe(true);
  });
});
