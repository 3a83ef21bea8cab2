import { ERROR_CODES } from '@paddock/rules';
import { BuiltinIdentitySeeder } from '../../src/builtin-provider/identity/builtin-identity.seeder';
import type { Clock } from '../../src/common/clock';
import { HttpProviderGateway, createProviderHttp } from '../../src/provider/http-provider.gateway';
import { ProviderError } from '../../src/common/provider-error';
import type { ProviderGateway } from '../../src/provider/provider.gateway';
import {
  ProviderServiceSession,
  SERVICE_SESSION,
  type ServiceSession,
} from '../../src/provider/service-session';
import { providerFailure } from '../support/scripted-provider';
import { startTestApp, type TestApp } from '../support/test-app';

/** The hub's service-account session against the built-in provider over real HTTP. */
describe('ProviderServiceSession', () => {
  let t: TestApp;
  let provider: HttpProviderGateway;

  beforeAll(async () => {
    t = await startTestApp();
    await t.app.get(BuiltinIdentitySeeder).upsertUser({
      username: t.config.PROVIDER_SERVICE_USERNAME,
      password: t.config.PROVIDER_SERVICE_PASSWORD,
      groups: ['PADDOCK.WORKFLOW'],
    });
    provider = new HttpProviderGateway(createProviderHttp(t.config.providerUrl), {
      CLIENT_ID: t.config.CLIENT_ID,
    });
  });
  afterAll(() => t.close());

  /** A session over the real provider that counts its logins, on a clock the test moves. */
  function session(password = t.config.PROVIDER_SERVICE_PASSWORD) {
    let now = Date.parse('2026-05-01T10:00:00Z');
    const logins: string[] = [];
    const counting: Pick<ProviderGateway, 'login'> = {
      login: async (username, pass) => {
        logins.push(username);
        return provider.login(username, pass);
      },
    };
    const clock: Clock = { now: () => new Date(now) };
    const s = new ProviderServiceSession(
      counting,
      { ...t.config, PROVIDER_SERVICE_PASSWORD: password, PROVIDER_TOKEN_TTL_MINUTES: 60 },
      clock,
    );
    return { s, logins, advance: (minutes: number) => (now += minutes * 60_000) };
  }

  it('is wired into the app and signs in as the configured service account', async () => {
    const token = await t.app.get<ServiceSession>(SERVICE_SESSION).token();
    await expect(provider.validateToken(token)).resolves.toMatchObject({ username: 'paddock.workflow' });
  });

  it('signs in once and reuses the token until shortly before it would expire', async () => {
    const { s, logins, advance } = session();
    const first = await s.token();
    const [again, concurrent] = await Promise.all([s.token(), s.token()]);
    expect([again, concurrent]).toEqual([first, first]);
    advance(54);
    expect(await s.token()).toBe(first);
    expect(logins).toHaveLength(1);
    advance(2);
    const renewed = await s.token();
    expect(renewed).not.toBe(first);
    expect(logins).toEqual(['paddock.workflow', 'paddock.workflow']);
  });

  it('signs in again after invalidate(), and ignores an invalidate of an older token', async () => {
    const { s, logins } = session();
    const first = await s.token();
    s.invalidate();
    const second = await s.token();
    expect(second).not.toBe(first);
    s.invalidate(first);
    expect(await s.token()).toBe(second);
    expect(logins).toHaveLength(2);
  });

  it('retries once with a fresh token when the provider says the session expired', async () => {
    const { s, logins } = session();
    const stale = await s.token();
    await provider.logout(stale);
    const used: string[] = [];
    const owner = await s.withToken(async (token) => {
      used.push(token);
      return provider.validateToken(token);
    });
    expect(owner.username).toBe('paddock.workflow');
    expect(used).toHaveLength(2);
    expect(used[0]).toBe(stale);
    expect(logins).toHaveLength(2);
  });

  it('does not retry other failures', async () => {
    const { s, logins } = session();
    let calls = 0;
    const error = await providerFailure(
      s.withToken(() => {
        calls += 1;
        return Promise.reject(new ProviderError('E032', false, 'refused'));
      }),
    );
    expect(error.code).toBe('E032');
    expect(calls).toBe(1);
    expect(logins).toHaveLength(1);
  });

  it('fails clearly with a wrong password and keeps no token', async () => {
    const { s, logins } = session('not-the-password');
    expect((await providerFailure(s.token())).code).toBe(ERROR_CODES.WRONG_CREDENTIALS);
    expect((await providerFailure(s.token())).code).toBe(ERROR_CODES.WRONG_CREDENTIALS);
    expect(logins).toHaveLength(2);
  });
});
