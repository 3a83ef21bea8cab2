import { Inject, Injectable, Logger } from '@nestjs/common';
import * as oidc from 'openid-client';
import { APP_CONFIG, type AppConfig } from '../../config/config.module';
import { OpenIdDiscovery } from '../../common/openid-discovery';
import { IssuerUnavailableError } from './sso.errors';

/** An authorization request ready to send the browser to, and the secrets to keep for its answer. */
export interface AuthorizationRequest {
  url: string;
  state: string;
  codeVerifier: string;
}

/** The hub's side of the OpenID issuer: it only builds authorization requests (CONVENTIONS §4). */
export interface OpenIdGateway {
  /** Throws IssuerUnavailableError when the issuer's metadata cannot be discovered. */
  authorizationRequest(params: { redirectUri: string; scope: string }): Promise<AuthorizationRequest>;
}

export const OPENID_GATEWAY = Symbol('OPENID_GATEWAY');

const DISCOVERY_TIMEOUT_SECONDS = 5;

/** openid-client 6 over OIDC_ISSUER: discovery once an hour (failures are not cached), PKCE S256. */
@Injectable()
export class OpenIdClientGateway implements OpenIdGateway {
  private readonly logger = new Logger(OpenIdClientGateway.name);
  private readonly discovery: OpenIdDiscovery;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.discovery = new OpenIdDiscovery(config, {
      timeoutSeconds: DISCOVERY_TIMEOUT_SECONDS,
      withClientSecret: false,
    });
  }

  async authorizationRequest(params: { redirectUri: string; scope: string }): Promise<AuthorizationRequest> {
    const configuration = await this.configuration();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const url = oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: params.redirectUri,
      scope: params.scope,
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
    });
    return { url: url.href, state, codeVerifier };
  }

  private async configuration(): Promise<oidc.Configuration> {
    try {
      return await this.discovery.configuration();
    } catch (e) {
      this.logger.warn((e as Error).message);
      throw new IssuerUnavailableError((e as Error).message);
    }
  }
}
