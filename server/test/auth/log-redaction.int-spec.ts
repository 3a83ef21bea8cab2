import type { SessionResponse } from '@paddock/rules';
import { startTestApp, type TestApp } from '../support/test-app';
import { PASSWORD, call, hubDb, postForm, seedPeople, signIn } from './auth-fixtures';

/**
 * Captures the real log output (pino writes to process.stdout once its write is replaced) at
 * LOG_LEVEL=info through sign-in, page load, SSO sign-in and sign-out, and looks for every secret.
 */
describe('logs hold no password and no token', () => {
  let t: TestApp;
  const output: string[] = [];
  let restore: () => void;

  beforeAll(async () => {
    const spy = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      output.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
      return true;
    });
    restore = () => spy.mockRestore();
    t = await startTestApp({ LOG_LEVEL: 'info' });
    await seedPeople(t);
  });
  afterAll(async () => {
    await t.close();
    restore();
  });

  it('never writes the secrets that went through it', async () => {
    const secrets: string[] = [PASSWORD];

    const cookieUser = await signIn(t, 'mario.rossi');
    secrets.push(cookieUser.token, cookieUser.session.csrfToken);
    expect((await call(t, 'GET', '/api/session', { headers: { cookie: cookieUser.cookie } })).status).toBe(
      200,
    );

    const headerUser = await signIn(t, 'anna.bianchi');
    secrets.push(headerUser.token, headerUser.session.csrfToken);
    const headers = { username: 'anna.bianchi', token: headerUser.token, clientid: 'paddock' };
    expect((await call(t, 'GET', '/api/session', { headers })).status).toBe(200);

    const wrong = await call(t, 'POST', '/api/session', {
      json: { username: 'anna.bianchi', password: 'Wrong-Secret-77' },
    });
    expect(wrong.status).toBe(401);
    secrets.push('Wrong-Secret-77');

    const login = await postForm<{ tokenId: string }>(
      t,
      '/provider/xsso/resources/accessmanager/login/paddock',
      {
        username: 'acme.supplier',
        password: PASSWORD,
      },
    );
    secrets.push(login.body.tokenId);
    const sso = await call<SessionResponse>(t, 'POST', '/api/session/token', {
      json: { token: login.body.tokenId },
    });
    expect(sso.status).toBe(200);
    secrets.push(sso.body.csrfToken);

    const signOut = await call(t, 'DELETE', '/api/session', {
      headers: { cookie: cookieUser.cookie, 'x-csrf-token': cookieUser.session.csrfToken },
    });
    expect(signOut.status).toBe(204);

    // The provider tokens the hub holds went over the wire to the provider as X-TOKENID.
    const sessions = await hubDb(t).session.findMany();
    secrets.push(...sessions.map((s) => s.providerToken));

    const logs = output.join('');
    expect(logs).toContain('request completed');
    expect(logs).toContain('/api/session');
    expect(logs).toContain('/provider/xsso/resources/accessmanager/login/paddock');
    // Headers are logged, with the secret ones censored.
    expect(logs).toContain('"cookie":"[redacted]"');
    expect(logs).toContain('"x-tokenid":"[redacted]"');
    for (const secret of secrets) expect(logs).not.toContain(secret);
  });

  // issue 11, point 5: THRON's `?tokenId=` on a GET (research §1) is censored wherever the URL or query is written.
  it('writes the thumbnail request without its tokenId, in the URL and in the query', async () => {
    const login = await postForm<{ tokenId: string }>(
      t,
      `/provider/xsso/resources/accessmanager/login/paddock`,
      {
        username: 'mario.rossi',
        password: PASSWORD,
      },
    );
    const token = login.body.tokenId;
    expect(token).toBeTruthy();
    const thumbnail = `/provider/xcontents/resources/delivery/getThumbnail/paddock/100x100/missing.jpg`;
    await fetch(`${t.url}${thumbnail}?tokenId=${token}`);
    // An unknown parameter name case and a second secret parameter: every one is censored.
    await fetch(`${t.url}${thumbnail}?lang=it&TOKENID=${token}&access_token=${token}`);

    const logs = output.join('');
    expect(logs).toContain('getThumbnail/paddock/100x100/missing.jpg?tokenId=[redacted]');
    expect(logs).toContain('"tokenId":"[redacted]"');
    expect(logs).toContain('lang=it&TOKENID=[redacted]&access_token=[redacted]');
    expect(logs).not.toContain(token);
  });
});
