import { Inject, Injectable } from '@nestjs/common';
import { ERROR_CODES, SSO_CALLBACK_PATH } from '@paddock/rules';
import { APP_CONFIG, type AppConfig } from '../../config/config.module';
import { ProviderError } from '../../common/provider-error';
import { OPENID_GATEWAY, type OpenIdGateway } from './openid.gateway';
import { SSO_PROVIDER_GATEWAY, type SsoProviderGateway } from '../../provider/sso-provider.gateway';
import { SsoStateCookie, sameState, type SsoPendingLogin } from './sso-state-cookie';
import { IssuerUnavailableError, SsoErrors } from './sso.errors';
import type { SsoExchangeRequest, SsoExchangeResponse, SsoStatusResponse } from './sso.dto';

export const SSO_START_PATH = '/api/auth/sso/start';
export const SSO_SCOPE = 'openid email profile';

/** Where /start sends the browser, and the sealed pending login to keep in a cookie (if any). */
export interface SsoStart {
  location: string;
  stateCookie?: string;
}

/**
 * Single sign-on through the provider (SPEC §2 Login): the hub starts the authorization request
 * at the OpenID issuer, checks the state coming back, and has the provider trade the code for a
 * provider token, which the web then signs in with.
 */
@Injectable()
export class SsoService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(OPENID_GATEWAY) private readonly openid: OpenIdGateway,
    @Inject(SSO_PROVIDER_GATEWAY) private readonly provider: SsoProviderGateway,
    private readonly cookie: SsoStateCookie,
  ) {}

  status(): SsoStatusResponse {
    return { enabled: this.config.ssoEnabled, startUrl: SSO_START_PATH };
  }

  async start(): Promise<SsoStart> {
    if (!this.config.ssoEnabled) throw SsoErrors.notConfigured();
    try {
      const request = await this.openid.authorizationRequest({
        redirectUri: this.redirectUri(),
        scope: SSO_SCOPE,
      });
      return {
        location: request.url,
        stateCookie: this.cookie.seal({ state: request.state, codeVerifier: request.codeVerifier }),
      };
    } catch (e) {
      if (!(e instanceof IssuerUnavailableError)) throw e;
      const callback = new URL(this.redirectUri());
      callback.searchParams.set('error', 'issuer_unavailable');
      return { location: callback.href };
    }
  }

  /** The pending login whose state the caller returned; SSO_FAILED when missing, altered, expired or different. */
  pendingLogin(state: string, stateCookie: unknown): SsoPendingLogin {
    if (!this.config.ssoEnabled) throw SsoErrors.notConfigured();
    const pending = this.cookie.open(stateCookie);
    if (!pending || !sameState(pending.state, state))
      throw SsoErrors.failed('The single sign-on state does not match; start again');
    return pending;
  }

  async exchange(request: SsoExchangeRequest, pending: SsoPendingLogin): Promise<SsoExchangeResponse> {
    try {
      const token = await this.provider.exchangeCode({
        code: request.code,
        redirectUri: this.redirectUri(),
        codeVerifier: pending.codeVerifier,
        iss: request.iss,
      });
      return { token };
    } catch (e) {
      if (!(e instanceof ProviderError)) throw e;
      throw e.code === ERROR_CODES.PROVIDER_UNAVAILABLE
        ? SsoErrors.providerUnavailable()
        : SsoErrors.failed();
    }
  }

  private redirectUri(): string {
    return `${this.config.PUBLIC_URL.replace(/\/+$/, '')}${SSO_CALLBACK_PATH}`;
  }
}
