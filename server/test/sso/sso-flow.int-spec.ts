import { BuiltinProviderPrismaService } from '../../src/builtin-provider/builtin-provider-prisma.service';
import { BuiltinIdentitySeeder } from '../../src/builtin-provider/identity/builtin-identity.seeder';
import { freePort } from '../support/free-port';
import { startOidcIssuer, type OidcIssuer, type OidcTestAccount } from '../support/start-oidc-issuer';
import { startTestApp, type TestApp } from '../support/test-app';
import { CookieJar, browse, pkcePair, signInAtIssuer } from './sso-browser';

const PASSWORD = 'issuer-password-1';
const account = (sub: string, email: string): OidcTestAccount => ({ sub, email, password: PASSWORD });
const ACCOUNTS = {
  mario: account('sso-mario', 'Mario.Rossi@paddock.example'),
  anna: account('sso-anna', 'anna.bianchi@paddock.example'),
  nobody: account('sso-nobody', 'nobody@elsewhere.example'),
  dario: account('sso-dario', 'dario.sospeso@paddock.example'),
  impostor: account('sso-impostor', 'luca.conti@paddock.example'),
  unverified: { ...account('sso-unverified', 'paola.neri@paddock.example'), email_verified: false },
};

describe('single sign-on through a real OpenID issuer and the built-in provider', () => {
  let t: TestApp;
  let issuer: OidcIssuer;
  let callback: string;

  beforeAll(async () => {
    // The app must know the issuer and the issuer the app's redirect URI: pick the issuer's port first.
    const issuerPort = await freePort();
    t = await startTestApp({
      OIDC_ISSUER: `http://127.0.0.1:${issuerPort}`,
      OIDC_CLIENT_ID: 'paddock',
      OIDC_CLIENT_SECRET: 'paddock-sso-test-secret',
    });
    callback = `${t.config.PUBLIC_URL}/sso-callback`;
    issuer = await startOidcIssuer({
      port: issuerPort,
      redirectUris: [callback],
      accounts: Object.values(ACCOUNTS),
    });
    const seeder = t.app.get(BuiltinIdentitySeeder, { strict: false });
    const user = (username: string, extra: Record<string, unknown> = {}) =>
      seeder.upsertUser({
        username,
        password: 'Local-password-1!',
        firstName: username.split('.')[0],
        lastName: username.split('.')[1] ?? '',
        email: `${username}@paddock.example`,
        companyName: 'Marketing',
        groups: ['L/MARKETING'],
        ...extra,
      });
    await user('mario.rossi');
    await user('anna.bianchi');
    await user('dario.sospeso', { active: false });
    await user('luca.conti', { externalId: 'sso-someone-else' });
    await user('paola.neri');
  });

  afterAll(async () => {
    await issuer?.stop();
    await t?.close();
  });

  const hub = (path: string) => `${t.url}${path}`;
  const prisma = () => t.app.get(BuiltinProviderPrismaService, { strict: false });

  /** Start at the hub, sign in at the issuer, stop where the popup would load /sso-callback. */
  async function authorize(who: OidcTestAccount, jar = new CookieJar()) {
    const landed = await signInAtIssuer(jar, hub('/api/auth/sso/start'), callback, {
      login: who.email!,
      password: PASSWORD,
    });
    const q = landed.searchParams;
    return {
      jar,
      code: q.get('code') ?? '',
      state: q.get('state') ?? '',
      iss: q.get('iss') ?? undefined,
      error: q.get('error'),
    };
  }

  function exchange(jar: CookieJar, body: Record<string, string | undefined>) {
    return browse(jar, hub('/api/auth/sso/exchange'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  }

  async function validateAtProvider(token: string) {
    const res = await fetch(
      `${t.url}/provider/xsso/resources/accessmanager/validateToken/${t.config.CLIENT_ID}`,
      {
        method: 'POST',
        headers: { 'X-TOKENID': token, 'content-type': 'application/x-www-form-urlencoded' },
        body: '',
      },
    );
    return { status: res.status, body: (await res.json()) as { resultCode: string; username?: string } };
  }

  /** A code the issuer gives straight to the caller, for calls to the provider endpoint itself. */
  async function issuerCode(who: OidcTestAccount) {
    const { verifier, challenge } = pkcePair();
    const url = new URL(`${issuer.issuer}/auth`);
    url.search = new URLSearchParams({
      client_id: issuer.clientId,
      response_type: 'code',
      scope: 'openid email profile',
      redirect_uri: callback,
      state: 'direct-state',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    }).toString();
    const landed = await signInAtIssuer(new CookieJar(), url.href, callback, {
      login: who.email!,
      password: PASSWORD,
    });
    return {
      code: landed.searchParams.get('code') ?? '',
      iss: landed.searchParams.get('iss') ?? '',
      verifier,
    };
  }

  function providerToken(form: Record<string, string>) {
    return fetch(`${t.url}/provider/auth/resources/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
  }

  it('says single sign-on is enabled and where the popup starts', async () => {
    const res = await fetch(hub('/api/auth/sso'));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ enabled: true, startUrl: '/api/auth/sso/start' });
  });

  it('starts with a PKCE authorization request and a signed, short-lived, HttpOnly state cookie', async () => {
    const res = await fetch(hub('/api/auth/sso/start'), { redirect: 'manual' });
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe(`${issuer.issuer}/auth`);
    const q = location.searchParams;
    expect(q.get('response_type')).toBe('code');
    expect(q.get('client_id')).toBe('paddock');
    expect(q.get('redirect_uri')).toBe(callback);
    expect(q.get('scope')).toBe('openid email profile');
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(q.get('state')).toMatch(/^[\w-]{20,}$/);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('paddock_sso_state='));
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/; Max-Age=600/);
    expect(cookie).toMatch(/; Path=\/api\/auth\/sso/);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    // A hop of the popup's navigation must not cut it from its opener.
    expect(res.headers.get('cross-origin-opener-policy')).toBe('unsafe-none');
  });

  it('signs in the provider user with the issuer e-mail, links the subject, and the token is a provider token', async () => {
    const { jar, code, state, iss, error } = await authorize(ACCOUNTS.mario);
    expect(error).toBeNull();
    expect(iss).toBe(issuer.issuer);
    const res = await exchange(jar, { code, state, iss });
    expect(res.status).toBe(200);
    const { token } = (await res.json()) as { token: string };
    expect(token).toEqual(expect.any(String));
    // The state cookie is spent.
    expect(res.headers.getSetCookie().join()).toMatch(/paddock_sso_state=;.*Expires=Thu, 01 Jan 1970/);
    expect(jar.get('paddock_sso_state')).toBeUndefined();

    const validated = await validateAtProvider(token);
    expect(validated).toEqual({
      status: 200,
      body: expect.objectContaining({ resultCode: 'OK', username: 'mario.rossi' }),
    });
    const user = await prisma().user.findUnique({ where: { username: 'mario.rossi' } });
    expect(user?.externalId).toBe('sso-mario');
    expect(user?.lastLogin).toBeInstanceOf(Date);
  });

  it('opens a hub session with the token (POST /api/session/token), as the opener does', async () => {
    const { jar, code, state, iss } = await authorize(ACCOUNTS.anna);
    const { token } = (await (await exchange(jar, { code, state, iss })).json()) as { token: string };
    const res = await fetch(hub('/api/session/token'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: new URL(t.config.PUBLIC_URL).origin },
      body: JSON.stringify({ token }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      username: 'anna.bianchi',
      email: 'anna.bianchi@paddock.example',
    });
    const session = res.headers.getSetCookie().find((c) => c.startsWith('paddock_session='));
    expect(session).toBeDefined();
    const me = await fetch(hub('/api/session'), { headers: { cookie: session!.split(';')[0] } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ username: 'anna.bianchi' });
  });

  it('finds a linked user by subject even after its e-mail changed', async () => {
    await prisma().user.update({
      where: { username: 'mario.rossi' },
      data: { email: 'm.rossi@new.example' },
    });
    try {
      const { jar, code, state, iss } = await authorize(ACCOUNTS.mario);
      const res = await exchange(jar, { code, state, iss });
      expect(res.status).toBe(200);
      const { token } = (await res.json()) as { token: string };
      expect((await validateAtProvider(token)).body.username).toBe('mario.rossi');
    } finally {
      await prisma().user.update({
        where: { username: 'mario.rossi' },
        data: { email: 'mario.rossi@paddock.example' },
      });
    }
  });

  it('works when the web does not pass `iss` on (one issuer: nothing to mix up)', async () => {
    const { jar, code, state } = await authorize(ACCOUNTS.mario);
    const res = await exchange(jar, { code, state });
    expect(res.status).toBe(200);
  });

  it('refuses a wrong state with SSO_FAILED and does nothing else: the code is still good afterwards', async () => {
    const { jar, code, state, iss } = await authorize(ACCOUNTS.mario);
    const wrong = await exchange(jar, { code, state: `${state}x`, iss });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ code: 'SSO_FAILED' });
    expect(wrong.headers.getSetCookie()).toEqual([]);
    const right = await exchange(jar, { code, state, iss });
    expect(right.status).toBe(200);
  });

  it('refuses an exchange without the state cookie, or with a tampered one', async () => {
    const { jar, code, state, iss } = await authorize(ACCOUNTS.mario);
    const none = await exchange(new CookieJar(), { code, state, iss });
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ code: 'SSO_FAILED' });
    const sealed = jar.get('paddock_sso_state') ?? '';
    const [version, body, mac] = sealed.split('.');
    const forged = new CookieJar();
    forged.set(
      new URL(t.url),
      'paddock_sso_state',
      `${version}.${body}.${mac.slice(0, -2)}AA`,
      '/api/auth/sso',
    );
    const tampered = await exchange(forged, { code, state, iss });
    expect(tampered.status).toBe(401);
  });

  it('refuses a code used twice, even with a replayed state cookie', async () => {
    const { jar, code, state, iss } = await authorize(ACCOUNTS.mario);
    const kept = jar.get('paddock_sso_state') ?? '';
    expect((await exchange(jar, { code, state, iss })).status).toBe(200);
    // The browser dropped the cookie; an attacker who kept it gets the issuer's refusal.
    expect((await exchange(jar, { code, state, iss })).status).toBe(401);
    const replay = new CookieJar();
    replay.set(new URL(t.url), 'paddock_sso_state', kept, '/api/auth/sso');
    const res = await exchange(replay, { code, state, iss });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: 'SSO_FAILED' });
  });

  it('refuses an issuer account whose e-mail matches no provider user (no auto-provisioning)', async () => {
    const { jar, code, state, iss } = await authorize(ACCOUNTS.nobody);
    const res = await exchange(jar, { code, state, iss });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: 'SSO_FAILED' });
    expect(await prisma().user.count({ where: { externalId: 'sso-nobody' } })).toBe(0);
  });

  it('refuses a disabled provider user and does not link it', async () => {
    const { jar, code, state, iss } = await authorize(ACCOUNTS.dario);
    const res = await exchange(jar, { code, state, iss });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: 'SSO_FAILED' });
    expect((await prisma().user.findUnique({ where: { username: 'dario.sospeso' } }))?.externalId).toBeNull();
  });

  it('refuses a user already linked to another subject', async () => {
    const { jar, code, state, iss } = await authorize(ACCOUNTS.impostor);
    expect((await exchange(jar, { code, state, iss })).status).toBe(401);
    expect((await prisma().user.findUnique({ where: { username: 'luca.conti' } }))?.externalId).toBe(
      'sso-someone-else',
    );
  });

  it('refuses a linked user who was disabled later', async () => {
    await prisma().user.update({ where: { username: 'anna.bianchi' }, data: { active: false } });
    try {
      const { jar, code, state, iss } = await authorize(ACCOUNTS.anna);
      expect((await exchange(jar, { code, state, iss })).status).toBe(401);
    } finally {
      await prisma().user.update({ where: { username: 'anna.bianchi' }, data: { active: true } });
    }
  });

  it('rejects malformed exchange bodies before anything else', async () => {
    const res = await exchange(new CookieJar(), { code: '', state: 'x' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  describe('the provider endpoint POST /provider/auth/resources/oauth/token', () => {
    it('answers a good code with a THRON envelope and an OAuth token', async () => {
      const { code, iss, verifier } = await issuerCode(ACCOUNTS.mario);
      const res = await providerToken({
        client_id: t.config.CLIENT_ID,
        code,
        redirect_uri: callback,
        code_verifier: verifier,
        iss,
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(await res.json()).toEqual({
        resultCode: 'OK',
        ssoCode: 'OK',
        access_token: expect.any(String),
        token_type: 'Bearer',
        expires_in: t.config.PROVIDER_TOKEN_TTL_MINUTES * 60,
      });
    });

    it('refuses a second use of a code with 418 INVALID_GRANT', async () => {
      const { code, iss, verifier } = await issuerCode(ACCOUNTS.mario);
      const form = {
        client_id: t.config.CLIENT_ID,
        code,
        redirect_uri: callback,
        code_verifier: verifier,
        iss,
      };
      expect((await providerToken(form)).status).toBe(200);
      const again = await providerToken(form);
      expect(again.status).toBe(418);
      expect(await again.json()).toEqual({
        resultCode: 'ACCESS_DENIED',
        errorDescription: 'INVALID_GRANT',
        ssoCode: 'AUTHENTICATION_ERROR',
      });
    });

    it('refuses a wrong PKCE verifier, a wrong redirect_uri and a wrong iss with INVALID_GRANT', async () => {
      for (const change of [
        { code_verifier: pkcePair().verifier },
        { redirect_uri: `${t.config.PUBLIC_URL}/elsewhere` },
        { iss: 'https://evil.example' },
      ]) {
        const { code, iss, verifier } = await issuerCode(ACCOUNTS.mario);
        const res = await providerToken({
          client_id: t.config.CLIENT_ID,
          code,
          redirect_uri: callback,
          code_verifier: verifier,
          iss,
          ...change,
        });
        expect(res.status).toBe(418);
        expect(await res.json()).toMatchObject({ errorDescription: 'INVALID_GRANT' });
      }
    });

    it('names why a user is refused', async () => {
      const cases: [OidcTestAccount, string][] = [
        [ACCOUNTS.nobody, 'USER_NOT_FOUND'],
        [ACCOUNTS.dario, 'ACCOUNT_DISABLED'],
        [ACCOUNTS.impostor, 'USER_LINKED_TO_ANOTHER_SUBJECT'],
        [ACCOUNTS.unverified, 'EMAIL_NOT_VERIFIED'],
      ];
      for (const [who, reason] of cases) {
        const { code, iss, verifier } = await issuerCode(who);
        const res = await providerToken({
          client_id: t.config.CLIENT_ID,
          code,
          redirect_uri: callback,
          code_verifier: verifier,
          iss,
        });
        expect({ status: res.status, body: await res.json() }).toEqual({
          status: 418,
          body: { resultCode: 'ACCESS_DENIED', errorDescription: reason, ssoCode: 'AUTHENTICATION_ERROR' },
        });
      }
    });

    it('refuses another client id, and missing arguments with 400', async () => {
      const wrongClient = await providerToken({
        client_id: 'someone-else',
        code: 'c',
        redirect_uri: callback,
        code_verifier: pkcePair().verifier,
      });
      expect(wrongClient.status).toBe(418);
      expect(await wrongClient.json()).toMatchObject({ resultCode: 'CLIENT_NOT_FOUND' });
      const missing = await providerToken({ client_id: t.config.CLIENT_ID, code: 'c' });
      expect(missing.status).toBe(400);
      expect(await missing.json()).toMatchObject({
        resultCode: 'EXCEPTION',
        errorDescription: expect.stringMatching(/^INVALID_ARGUMENTS/),
      });
    });
  });
});
