import { freePort } from '../support/free-port';
import { startTestApp, type TestApp } from '../support/test-app';

describe('single sign-on when it is not configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('tells the login page to hide the button', async () => {
    const res = await fetch(`${t.url}/api/auth/sso`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ enabled: false, startUrl: '/api/auth/sso/start' });
  });

  it('refuses to start with SSO_NOT_CONFIGURED', async () => {
    const res = await fetch(`${t.url}/api/auth/sso/start`, { redirect: 'manual' });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 'SSO_NOT_CONFIGURED' });
  });

  it('refuses to exchange with SSO_NOT_CONFIGURED', async () => {
    const res = await fetch(`${t.url}/api/auth/sso/exchange`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: 'c', state: 's' }),
    });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 'SSO_NOT_CONFIGURED' });
  });

  it('has the provider refuse codes too', async () => {
    const res = await fetch(`${t.url}/provider/auth/resources/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_id: t.config.CLIENT_ID,
        code: 'c',
        redirect_uri: `${t.config.PUBLIC_URL}/sso-callback`,
        code_verifier: 'v'.repeat(43),
      }).toString(),
    });
    expect(res.status).toBe(418);
    expect(await res.json()).toMatchObject({
      resultCode: 'ACCESS_DENIED',
      errorDescription: 'SSO_NOT_CONFIGURED',
    });
  });
});

describe('single sign-on when the issuer is unreachable', () => {
  let t: TestApp;
  beforeAll(async () => {
    // A free port nobody listens on: discovery is refused at once.
    t = await startTestApp({
      OIDC_ISSUER: `http://127.0.0.1:${await freePort()}`,
      OIDC_CLIENT_ID: 'paddock',
    });
  });
  afterAll(() => t.close());

  it('still shows the button', async () => {
    expect(await (await fetch(`${t.url}/api/auth/sso`)).json()).toMatchObject({ enabled: true });
  });

  it('sends the popup to /sso-callback?error=issuer_unavailable, without a state cookie', async () => {
    const res = await fetch(`${t.url}/api/auth/sso/start`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`${t.config.PUBLIC_URL}/sso-callback?error=issuer_unavailable`);
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it('answers the provider exchange with 503 ISSUER_UNAVAILABLE, which the hub reports as PROVIDER_UNAVAILABLE', async () => {
    const res = await fetch(`${t.url}/provider/auth/resources/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_id: t.config.CLIENT_ID,
        code: 'c',
        redirect_uri: `${t.config.PUBLIC_URL}/sso-callback`,
        code_verifier: 'v'.repeat(43),
      }).toString(),
    });
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ errorDescription: 'ISSUER_UNAVAILABLE' });
  });
});

describe('single sign-on with a plain-http issuer off the loopback interface', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ OIDC_ISSUER: 'http://sso.paddock.invalid', OIDC_CLIENT_ID: 'paddock' });
  });
  afterAll(() => t.close());

  it('is refused before any request: http issuers are allowed on loopback only', async () => {
    const res = await fetch(`${t.url}/api/auth/sso/start`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`${t.config.PUBLIC_URL}/sso-callback?error=issuer_unavailable`);
  });
});
