import { Inject, Injectable, Logger } from '@nestjs/common';
import * as oidc from 'openid-client';
import { APP_CONFIG, type AppConfig } from '../../config/config.module';
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

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);
const DISCOVERY_TIMEOUT_SECONDS = 5;
const METADATA_CACHE_MS = 60 * 60 * 1000;

/** http is allowed only for an issuer on the loopback interface (tests, local runs); https otherwise. */
export function isLoopbackHttpIssuer(issuer: URL): boolean {
  return issuer.protocol === 'http:' && (LOOPBACK.has(issuer.hostname) || issuer.hostname.startsWith('127.'));
}

/** openid-client 6 over OIDC_ISSUER: discovery once an hour (failures are not cached), PKCE S256. */
@Injectable()
export class OpenIdClientGateway implements OpenIdGateway {
  private readonly logger = new Logger(OpenIdClientGateway.name);
  private cached?: { at: number; config: Promise<oidc.Configuration> };

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

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

  private configuration(): Promise<oidc.Configuration> {
    const now = Date.now();
    if (this.cached && now - this.cached.at < METADATA_CACHE_MS) return this.cached.config;
    const config = this.discover();
    this.cached = { at: now, config };
    void config.catch(() => {
      if (this.cached?.config === config) this.cached = undefined;
    });
    return config;
  }

  private async discover(): Promise<oidc.Configuration> {
    const { OIDC_ISSUER, OIDC_CLIENT_ID } = this.config;
    if (!OIDC_ISSUER || !OIDC_CLIENT_ID) throw new IssuerUnavailableError('OIDC_ISSUER is not set');
    const issuer = new URL(OIDC_ISSUER);
    if (issuer.protocol !== 'https:' && !isLoopbackHttpIssuer(issuer))
      throw this.unavailable(`OIDC_ISSUER must be https (http only on loopback): ${issuer.href}`);
    try {
      return await oidc.discovery(issuer, OIDC_CLIENT_ID, undefined, undefined, {
        execute: isLoopbackHttpIssuer(issuer) ? [oidc.allowInsecureRequests] : [],
        timeout: DISCOVERY_TIMEOUT_SECONDS,
      });
    } catch (e) {
      throw this.unavailable(`OpenID discovery of ${issuer.href} failed: ${(e as Error).message}`);
    }
  }

  private unavailable(message: string): IssuerUnavailableError {
    this.logger.warn(message);
    return new IssuerUnavailableError(message);
  }
}
