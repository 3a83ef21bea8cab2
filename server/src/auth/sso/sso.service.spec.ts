import { ERROR_CODES } from '@paddock/rules';
import type { AppConfig } from '../../config/config.module';
import { ProviderError } from '../../common/provider-error';
import type { OpenIdGateway } from './openid.gateway';
import type { SsoCodeExchange, SsoProviderGateway } from '../../provider/sso-provider.gateway';
import { SsoStateCookie, deriveSsoCookieKey } from './sso-state-cookie';
import { IssuerUnavailableError } from './sso.errors';
import { SsoService } from './sso.service';

const config = {
  ssoEnabled: true,
  PUBLIC_URL: 'https://paddock.example/',
  CLIENT_ID: 'paddock',
} as AppConfig;

class FakeOpenId implements OpenIdGateway {
  fail = false;
  calls: { redirectUri: string; scope: string }[] = [];
  async authorizationRequest(params: { redirectUri: string; scope: string }) {
    this.calls.push(params);
    if (this.fail) throw new IssuerUnavailableError('down');
    return { url: 'https://issuer.example/auth?x=1', state: 'the-state', codeVerifier: 'the-verifier' };
  }
}

class FakeProvider implements SsoProviderGateway {
  answer: string | Error = 'provider-token';
  calls: SsoCodeExchange[] = [];
  async exchangeCode(exchange: SsoCodeExchange) {
    this.calls.push(exchange);
    if (this.answer instanceof Error) throw this.answer;
    return this.answer;
  }
}

function setup(overrides: Partial<AppConfig> = {}) {
  const openid = new FakeOpenId();
  const provider = new FakeProvider();
  const cookie = new SsoStateCookie(deriveSsoCookieKey('paddock', 'secret')!);
  const service = new SsoService({ ...config, ...overrides }, openid, provider, cookie);
  return { service, openid, provider, cookie };
}

describe('SsoService', () => {
  it('reports whether single sign-on is enabled', () => {
    expect(setup().service.status()).toEqual({ enabled: true, startUrl: '/api/auth/sso/start' });
    expect(setup({ ssoEnabled: false }).service.status()).toEqual({
      enabled: false,
      startUrl: '/api/auth/sso/start',
    });
  });

  it('starts at the issuer with the callback under PUBLIC_URL and seals state and verifier', async () => {
    const { service, openid, cookie } = setup();
    const start = await service.start();
    expect(start.location).toBe('https://issuer.example/auth?x=1');
    expect(openid.calls).toEqual([
      { redirectUri: 'https://paddock.example/sso-callback', scope: 'openid email profile' },
    ]);
    expect(cookie.open(start.stateCookie)).toEqual({ state: 'the-state', codeVerifier: 'the-verifier' });
  });

  it('sends the popup to its error banner when the issuer is unavailable', async () => {
    const { service, openid } = setup();
    openid.fail = true;
    expect(await service.start()).toEqual({
      location: 'https://paddock.example/sso-callback?error=issuer_unavailable',
    });
  });

  it('refuses to start or exchange when not configured', async () => {
    const { service } = setup({ ssoEnabled: false });
    await expect(service.start()).rejects.toMatchObject({
      code: ERROR_CODES.SSO_NOT_CONFIGURED,
      status: 404,
    });
    expect(() => service.pendingLogin('s', 'c')).toThrow(
      expect.objectContaining({ code: ERROR_CODES.SSO_NOT_CONFIGURED }),
    );
  });

  it('accepts only the state it sealed', async () => {
    const { service } = setup();
    const { stateCookie } = await service.start();
    expect(service.pendingLogin('the-state', stateCookie)).toEqual({
      state: 'the-state',
      codeVerifier: 'the-verifier',
    });
    for (const [state, cookie] of [
      ['other-state', stateCookie],
      ['the-state', undefined],
      ['the-state', 'v1.garbage.mac'],
    ])
      expect(() => service.pendingLogin(state as string, cookie)).toThrow(
        expect.objectContaining({ code: ERROR_CODES.SSO_FAILED, status: 401 }),
      );
  });

  it('has the provider redeem the code with the verifier and the same redirect URI', async () => {
    const { service, provider } = setup();
    const pending = { state: 's', codeVerifier: 'the-verifier' };
    expect(
      await service.exchange({ code: 'the-code', state: 's', iss: 'https://issuer.example' }, pending),
    ).toEqual({
      token: 'provider-token',
    });
    expect(provider.calls).toEqual([
      {
        code: 'the-code',
        redirectUri: 'https://paddock.example/sso-callback',
        codeVerifier: 'the-verifier',
        iss: 'https://issuer.example',
      },
    ]);
  });

  it('answers a refusal with SSO_FAILED and an unreachable provider with PROVIDER_UNAVAILABLE', async () => {
    const { service, provider } = setup();
    const pending = { state: 's', codeVerifier: 'v' };
    provider.answer = new ProviderError(ERROR_CODES.SSO_FAILED, false, 'refused');
    await expect(service.exchange({ code: 'c', state: 's' }, pending)).rejects.toMatchObject({
      code: ERROR_CODES.SSO_FAILED,
      status: 401,
    });
    provider.answer = new ProviderError(ERROR_CODES.PROVIDER_UNAVAILABLE, true, 'down');
    await expect(service.exchange({ code: 'c', state: 's' }, pending)).rejects.toMatchObject({
      code: ERROR_CODES.PROVIDER_UNAVAILABLE,
      status: 503,
    });
    provider.answer = new Error('bug');
    await expect(service.exchange({ code: 'c', state: 's' }, pending)).rejects.toThrow('bug');
  });
});
