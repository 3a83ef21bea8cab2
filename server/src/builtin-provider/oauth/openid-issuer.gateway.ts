import { Inject, Injectable, Logger } from '@nestjs/common';
import * as oidc from 'openid-client';
import { APP_CONFIG, type AppConfig } from '../../config/config.module';
import { OpenIdDiscovery } from '../../common/openid-discovery';
import { IssuerRefusedError, IssuerUnreachableError } from './oauth.errors';

/** Who the issuer says signed in. */
export interface IssuerIdentity {
  /** `sub` of the verified ID token. */
  subject: string;
  email?: string;
  /** `email_verified` as the issuer stated it; undefined when it does not say. */
  emailVerified?: boolean;
}

export interface CodeRedemption {
  code: string;
  redirectUri: string;
  codeVerifier: string;
  /** `iss` of the authorization response (RFC 9207), when the caller passed it on. */
  iss?: string;
}

/** The built-in provider's side of the OpenID issuer (CONVENTIONS §4). */
export interface OpenIdIssuerGateway {
  /** Throws IssuerRefusedError or IssuerUnreachableError. */
  redeemCode(redemption: CodeRedemption): Promise<IssuerIdentity>;
}

export const OPENID_ISSUER_GATEWAY = Symbol('OPENID_ISSUER_GATEWAY');

const TIMEOUT_SECONDS = 10;

/**
 * openid-client 6 over OIDC_ISSUER, authenticating with OIDC_CLIENT_SECRET (client_secret_basic,
 * the OpenID default) or as a public client without one.
 */
@Injectable()
export class OpenIdClientIssuerGateway implements OpenIdIssuerGateway {
  private readonly logger = new Logger(OpenIdClientIssuerGateway.name);
  private readonly discovery: OpenIdDiscovery;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.discovery = new OpenIdDiscovery(config, { timeoutSeconds: TIMEOUT_SECONDS, withClientSecret: true });
  }

  async redeemCode(redemption: CodeRedemption): Promise<IssuerIdentity> {
    const configuration = await this.configuration();
    const metadata = configuration.serverMetadata();
    // The authorization response as the browser received it, minus `state`: the hub checked that
    // against its signed, browser-bound cookie before calling us, which is what skipStateCheck is for.
    const response = new URL(redemption.redirectUri);
    response.search = '';
    response.hash = '';
    response.searchParams.set('code', redemption.code);
    // RFC 9207: a given `iss` must name our issuer (openid-client checks it). When the caller did not
    // pass it on, it is the one issuer this provider is configured with: with a single issuer there is
    // no mix-up to detect.
    const iss =
      redemption.iss ?? (metadata.authorization_response_iss_parameter_supported ? metadata.issuer : '');
    if (iss) response.searchParams.set('iss', iss);
    try {
      const tokens = await oidc.authorizationCodeGrant(configuration, response, {
        pkceCodeVerifier: redemption.codeVerifier,
        expectedState: oidc.skipStateCheck,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new IssuerRefusedError('no ID token');
      let email = typeof claims.email === 'string' ? claims.email : undefined;
      let verified = typeof claims.email_verified === 'boolean' ? claims.email_verified : undefined;
      // Many issuers put e-mail only in UserInfo for the code flow; its `sub` must match the ID token's.
      if (!email && metadata.userinfo_endpoint) {
        const info = await oidc.fetchUserInfo(configuration, tokens.access_token, claims.sub);
        email = typeof info.email === 'string' ? info.email : undefined;
        verified = typeof info.email_verified === 'boolean' ? info.email_verified : undefined;
      }
      return { subject: claims.sub, email, emailVerified: verified };
    } catch (e) {
      throw this.classify(e);
    }
  }

  private classify(e: unknown): Error {
    if (e instanceof IssuerRefusedError || e instanceof IssuerUnreachableError) return e;
    const err = e as Error & { code?: unknown; status?: unknown; cause?: unknown };
    const status =
      typeof err.status === 'number'
        ? err.status
        : err.cause instanceof Response
          ? err.cause.status
          : undefined;
    const network =
      err.name === 'TimeoutError' ||
      err.name === 'AbortError' ||
      (err instanceof TypeError && err.code === undefined);
    if (network || (status !== undefined && status >= 500)) {
      this.logger.warn(`The OpenID issuer is unreachable: ${err.message}`);
      return new IssuerUnreachableError(err.message);
    }
    const detail =
      e instanceof oidc.ResponseBodyError ? `${e.error}: ${e.error_description ?? ''}` : err.message;
    this.logger.warn(`The OpenID issuer refused the code: ${detail}`);
    return new IssuerRefusedError(detail);
  }

  private async configuration(): Promise<oidc.Configuration> {
    try {
      return await this.discovery.configuration();
    } catch (e) {
      this.logger.warn((e as Error).message);
      throw new IssuerUnreachableError((e as Error).message);
    }
  }
}
