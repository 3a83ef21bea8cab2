import { networkInterfaces } from 'node:os';
import { startTestApp, type TestApp } from '../support/test-app';
import { PASSWORD, seedPeople } from './auth-fixtures';

/** This machine's first non-loopback IPv4 address: a peer the app does not trust by default. */
function outsideAddress(): string {
  const address = Object.values(networkInterfaces())
    .flat()
    .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;
  if (!address) throw new Error('this test needs a non-loopback IPv4 interface');
  return address;
}

/**
 * The sign-in throttle keys on req.ip (README "Configuration", TRUST_PROXY). From a peer that is
 * not a trusted proxy, X-Forwarded-For is the caller's own claim and must not pick the key; from a
 * trusted proxy (nginx in the compose stack) it names the browser, so one browser's failures do
 * not lock out everyone behind the proxy.
 */
describe('client address behind a proxy (TRUST_PROXY, issue 25)', () => {
  const peer = outsideAddress();
  const apps: TestApp[] = [];
  afterAll(() => Promise.all(apps.map((t) => t.close())));

  async function start(
    env: Record<string, string>,
  ): Promise<(forwardedFor: string, password: string) => Promise<number>> {
    const t = await startTestApp({ HOST: '0.0.0.0', ...env });
    apps.push(t);
    await seedPeople(t);
    const url = t.url.replace('127.0.0.1', peer);
    return async (forwardedFor, password) =>
      (
        await fetch(`${url}/api/session`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
          body: JSON.stringify({ username: 'anna.bianchi', password }),
        })
      ).status;
  }

  it('ignores X-Forwarded-For from an untrusted peer: changing it does not escape the throttle', async () => {
    const signIn = await start({});
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push(await signIn(`203.0.113.${i + 1}`, `wrong-${i}`));
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    expect(await signIn('203.0.113.99', PASSWORD)).toBe(429);
  });

  it.each([
    ['a listed proxy', { TRUST_PROXY: `${peer}/32` }],
    ['one hop', { TRUST_PROXY: '1' }],
  ])('keys on the forwarded client behind %s: another browser still signs in', async (_, env) => {
    const signIn = await start(env);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push(await signIn('203.0.113.1', `wrong-${i}`));
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    // A browser that prepends a made-up address is still keyed on the one the proxy appended.
    expect(await signIn('198.51.100.7, 203.0.113.1', PASSWORD)).toBe(429);
    expect(await signIn('203.0.113.2', PASSWORD)).toBe(200);
  });
});
