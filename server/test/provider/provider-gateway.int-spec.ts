import { BuiltinIdentitySeeder } from '../../src/builtin-provider/identity/builtin-identity.seeder';
import { ChangeFeed } from '../../src/database/change-feed';
import { heardAfter } from '../support/change-notices';
import { HttpProviderGateway, createProviderHttp } from '../../src/provider/http-provider.gateway';
import { freePort } from '../support/free-port';
import { PROVIDER_TRANSPORTS, providerHttp } from '../support/provider-transports';
import { providerFailure } from '../support/scripted-provider';
import { startTestApp, type TestApp } from '../support/test-app';
import { PASSWORD, providerDb, seedPeople } from '../auth/auth-fixtures';

/** The typed provider client against the built-in provider, over real HTTP and in-process. */
describe.each(PROVIDER_TRANSPORTS)('HttpProviderGateway against the built-in provider (%s)', (transport) => {
  let t: TestApp;
  let gateway: HttpProviderGateway;
  beforeAll(async () => {
    t = await startTestApp({ LOGIN_MAX_FAILURES: '2' });
    await seedPeople(t);
    gateway = new HttpProviderGateway(await providerHttp(t, transport), {
      CLIENT_ID: t.config.CLIENT_ID,
    });
  });
  afterAll(() => t.close());

  it('logs in, validates, reads the user detail and logs out', async () => {
    const login = await gateway.login('mario.rossi', PASSWORD);
    expect(login).toEqual({ token: expect.any(String), username: 'mario.rossi', fullName: 'Mario Rossi' });
    await expect(gateway.validateToken(login.token)).resolves.toEqual({
      username: 'mario.rossi',
      fullName: 'Mario Rossi',
    });
    await expect(gateway.validateToken(login.token, 'mario.rossi')).resolves.toMatchObject({
      username: 'mario.rossi',
    });
    const detail = await gateway.userDetail(login.token, 'mario.rossi');
    expect(detail).toMatchObject({
      username: 'mario.rossi',
      firstName: 'Mario',
      lastName: 'Rossi',
      email: 'mario.rossi@example.com',
      companyName: 'Marketing',
      imageUrl: 'https://example.com/mario.png',
      active: true,
    });
    expect(detail.linkedGroups.map((g) => g.name)).toEqual([
      'APP.MARKETING.STEP2',
      'L/MARKETING',
      'L/SALES',
      'PADDOCK.MULTI_DEPARTMENT',
    ]);
    await gateway.logout(login.token);
    const after = await providerFailure(gateway.validateToken(login.token));
    expect(after).toMatchObject({ code: 'UNAUTHENTICATED', transient: false });
  });

  it('reads every page of linked groups', async () => {
    const names = Array.from({ length: 120 }, (_, i) => `GROUP-${String(i).padStart(3, '0')}`);
    await t.app
      .get(BuiltinIdentitySeeder)
      .upsertUser({ username: 'crowded', password: PASSWORD, groups: names });
    const { token } = await gateway.login('crowded', PASSWORD);
    const detail = await gateway.userDetail(token, 'crowded');
    expect(detail.linkedGroups.map((g) => g.name)).toEqual(names);
  });

  it('maps each login refusal to its code', async () => {
    const cases: [string, string, string][] = [
      ['anna.bianchi', 'wrong', 'WRONG_CREDENTIALS'],
      ['nobody', 'wrong', 'WRONG_CREDENTIALS'],
      ['expired.user', PASSWORD, 'PASSWORD_EXPIRED'],
      ['disabled.user', PASSWORD, 'ACCOUNT_DISABLED'],
    ];
    for (const [username, password, code] of cases) {
      const e = await providerFailure(gateway.login(username, password));
      expect(e).toMatchObject({
        code,
        transient: false,
        detail: { status: 418, resultCode: 'ACCESS_DENIED' },
      });
    }
    await t.app.get(BuiltinIdentitySeeder).upsertUser({ username: 'gateway.lock', password: PASSWORD });
    // LOGIN_MAX_FAILURES is 2 here: the third try from this address waits.
    await providerFailure(gateway.login('gateway.lock', 'x'));
    await providerFailure(gateway.login('gateway.lock', 'x'));
    // The wait comes along, so the service session can wait it out (service-session.spec).
    expect(await providerFailure(gateway.login('gateway.lock', 'x'))).toMatchObject({
      code: 'TOO_MANY_ATTEMPTS',
      transient: false,
      detail: { status: 429, retryAfterSeconds: 30 },
    });
    expect(await providerFailure(gateway.login('gateway.lock', PASSWORD))).toMatchObject({
      code: 'TOO_MANY_ATTEMPTS',
    });
  });

  it('maps an empty password to VALIDATION_FAILED', async () => {
    expect(await providerFailure(gateway.login('mario.rossi', ''))).toMatchObject({
      code: 'VALIDATION_FAILED',
      transient: false,
    });
  });

  it('maps an expired token to UNAUTHENTICATED and a foreign one to FORBIDDEN', async () => {
    const { token } = await gateway.login('anna.bianchi', PASSWORD);
    expect(await providerFailure(gateway.validateToken(token, 'mario.rossi'))).toMatchObject({
      code: 'FORBIDDEN',
    });
    // Expired in SQL, as no request would: the provider drops who the token was once it hears so.
    const before = t.app.get(ChangeFeed).generation('callers');
    await providerDb(t).token.updateMany({
      where: { user: { username: 'anna.bianchi' } },
      data: { expiresAt: new Date(0) },
    });
    await heardAfter(t.app.get(ChangeFeed), 'callers', before);
    expect(await providerFailure(gateway.validateToken(token))).toMatchObject({
      code: 'UNAUTHENTICATED',
      transient: false,
    });
    expect(await providerFailure(gateway.userDetail(token, 'anna.bianchi'))).toMatchObject({
      code: 'UNAUTHENTICATED',
    });
    expect(await providerFailure(gateway.validateToken('bad token\n'))).toMatchObject({
      code: 'UNAUTHENTICATED',
    });
  });

  it("maps an unknown user detail to NOT_FOUND, and another user's to FORBIDDEN for a plain user", async () => {
    const { token: mario } = await gateway.login('mario.rossi', PASSWORD);
    expect(await providerFailure(gateway.userDetail(mario, 'anna.bianchi'))).toMatchObject({
      code: 'FORBIDDEN',
    });
    // Only the service account (or an admin) looks up other names.
    const username = t.config.PROVIDER_SERVICE_USERNAME;
    await t.app.get(BuiltinIdentitySeeder).upsertUser({ username, password: PASSWORD });
    const { token } = await gateway.login(username, PASSWORD);
    expect(await providerFailure(gateway.userDetail(token, 'nobody'))).toMatchObject({
      code: 'NOT_FOUND',
      transient: false,
      detail: { status: 418, resultCode: 'VUSERNAME_NOT_FOUND' },
    });
  });

  it('maps a wrong client id to a permanent PROVIDER_UNAVAILABLE', async () => {
    const misconfigured = new HttpProviderGateway(await providerHttp(t, transport), {
      CLIENT_ID: 'acme',
    });
    expect(await providerFailure(misconfigured.login('mario.rossi', PASSWORD))).toMatchObject({
      code: 'PROVIDER_UNAVAILABLE',
      transient: false,
      detail: { resultCode: 'CLIENT_NOT_FOUND' },
    });
  });
});

/** What only the HTTP transport meets: a provider that does not answer, or answers at a wrong root. */
describe('HttpProviderGateway over HTTP failures', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('maps a provider that does not answer to a transient PROVIDER_UNAVAILABLE', async () => {
    const closed = await freePort();
    const down = new HttpProviderGateway(createProviderHttp(`http://127.0.0.1:${closed}/provider`), {
      CLIENT_ID: 'paddock',
    });
    for (const attempt of [
      down.login('mario.rossi', PASSWORD),
      down.validateToken('token'),
      down.logout('token'),
      down.userDetail('token', 'mario.rossi'),
    ])
      expect(await providerFailure(attempt)).toMatchObject({
        code: 'PROVIDER_UNAVAILABLE',
        transient: true,
        detail: { networkCode: 'ECONNREFUSED' },
      });
  });

  it('maps an HTTP 404 without an envelope (a wrong PROVIDER_URL root) to NOT_FOUND', async () => {
    // The hub's own API answers 404 with its own error body on these paths.
    const wrongRoot = new HttpProviderGateway(createProviderHttp(`${t.url}/api`), { CLIENT_ID: 'paddock' });
    expect(await providerFailure(wrongRoot.login('mario.rossi', PASSWORD))).toMatchObject({
      code: 'NOT_FOUND',
      transient: false,
    });
  });
});
