import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/config.module';
import { CLOCK, type Clock } from '../../common/clock';
import { THRON_FAILURES, ThronError, ok, requireClient, thronError } from '../thron.errors';
import type { IdentityUser } from '../identity/identity-user';
import { TokenService } from '../identity/token.service';
import { UserDirectoryRepository } from '../identity/user-directory.repository';
import {
  OPENID_ISSUER_GATEWAY,
  type IssuerIdentity,
  type OpenIdIssuerGateway,
} from './openid-issuer.gateway';
import { IssuerRefusedError, IssuerUnreachableError, OAUTH_FAILURES } from './oauth.errors';
import { OAuthLinkRepository } from './oauth-link.repository';
import type { OAuthTokenForm, OAuthTokenResponse } from './oauth.dto';

type Users = Pick<UserDirectoryRepository, 'findByExternalIdOrEmail'>;
type Links = Pick<OAuthLinkRepository, 'linkExternalId' | 'recordSsoLogin'>;
type Tokens = Pick<TokenService, 'issueToken'>;
type Settings = Pick<AppConfig, 'CLIENT_ID' | 'ssoEnabled' | 'PROVIDER_TOKEN_TTL_MINUTES'>;

/**
 * The provider's single sign-on (SPEC §7 `POST /auth/resources/oauth/token`): redeems the issuer's
 * code with its PKCE verifier, then signs in the provider user linked to the issuer's subject, or
 * else the one user with the issuer's e-mail, linking it to the subject. Users are never created
 * here: an unknown or disabled user is refused.
 */
@Injectable()
export class OAuthService {
  private readonly logger = new Logger(OAuthService.name);

  constructor(
    @Inject(OPENID_ISSUER_GATEWAY) private readonly issuer: OpenIdIssuerGateway,
    @Inject(UserDirectoryRepository) private readonly users: Users,
    @Inject(OAuthLinkRepository) private readonly links: Links,
    @Inject(TokenService) private readonly tokens: Tokens,
    @Inject(APP_CONFIG) private readonly config: Settings,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async token(form: OAuthTokenForm): Promise<OAuthTokenResponse> {
    requireClient(this.config.CLIENT_ID, form.client_id);
    const { code, redirect_uri: redirectUri, code_verifier: codeVerifier } = form;
    if (!code || !redirectUri || !codeVerifier)
      throw thronError(THRON_FAILURES.invalidArguments, 'code, redirect_uri and code_verifier are required');
    if (!isHttpUrl(redirectUri))
      throw thronError(THRON_FAILURES.invalidArguments, 'redirect_uri must be an http or https URL');
    if (!this.config.ssoEnabled) throw new ThronError(OAUTH_FAILURES.notConfigured);
    const identity = await this.redeem({ code, redirectUri, codeVerifier, iss: form.iss });
    const user = await this.userOf(identity);
    const accessToken = await this.tokens.issueToken(user.id);
    await this.links.recordSsoLogin(user.id, this.clock.now());
    return ok({
      access_token: accessToken,
      token_type: 'Bearer' as const,
      expires_in: this.config.PROVIDER_TOKEN_TTL_MINUTES * 60,
    });
  }

  private async redeem(
    redemption: Parameters<OpenIdIssuerGateway['redeemCode']>[0],
  ): Promise<IssuerIdentity> {
    try {
      return await this.issuer.redeemCode(redemption);
    } catch (e) {
      if (e instanceof IssuerRefusedError) throw new ThronError(OAUTH_FAILURES.invalidGrant);
      if (e instanceof IssuerUnreachableError) throw new ThronError(OAUTH_FAILURES.issuerUnavailable);
      throw e;
    }
  }

  private async userOf({ subject, email, emailVerified }: IssuerIdentity): Promise<IdentityUser> {
    // An e-mail the issuer itself calls unverified never links an account.
    const usableEmail = emailVerified === false ? undefined : email;
    const user = await this.users.findByExternalIdOrEmail(subject, usableEmail);
    if (!user) {
      if (email && emailVerified === false)
        this.refuse(OAUTH_FAILURES.emailNotVerified, subject, 'e-mail not verified');
      this.refuse(
        OAUTH_FAILURES.userNotFound,
        subject,
        'no user is linked to it or has its e-mail (or several do)',
      );
    }
    if (user.externalId !== subject) {
      if (user.externalId)
        this.refuse(
          OAUTH_FAILURES.linkedToAnotherSubject,
          subject,
          `user ${user.id} is linked to another subject`,
        );
      if (!user.active) this.refuse(OAUTH_FAILURES.accountDisabled, subject, `user ${user.id} is disabled`);
      if (!(await this.links.linkExternalId(user.id, subject)))
        this.refuse(
          OAUTH_FAILURES.linkedToAnotherSubject,
          subject,
          'the subject or user was linked meanwhile',
        );
      this.logger.log(`Linked provider user ${user.id} to OpenID subject ${subject} by e-mail`);
    }
    if (!user.active) this.refuse(OAUTH_FAILURES.accountDisabled, subject, `user ${user.id} is disabled`);
    return user;
  }

  private refuse(
    failure: (typeof OAUTH_FAILURES)[keyof typeof OAUTH_FAILURES],
    subject: string,
    why: string,
  ): never {
    this.logger.warn(`Single sign-on refused for OpenID subject ${subject}: ${why}`);
    throw new ThronError(failure);
  }
}

function isHttpUrl(value: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}
