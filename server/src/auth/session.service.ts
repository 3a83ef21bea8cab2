import { Inject, Injectable, Logger } from '@nestjs/common';
import { ERROR_CODES, deriveRoles, type DerivedRoles, type ErrorCode } from '@paddock/rules';
import { APP_CONFIG, type AppConfig } from '../config/config.module';
import { ProviderError } from '../common/provider-error';
import {
  PROVIDER_GATEWAY,
  type ProviderGateway,
  type ProviderUserDetail,
} from '../provider/provider.gateway';
import {
  providerUnavailable,
  rethrowProviderError,
  sessionExpired,
  signInError,
  tokenSignInError,
  tooManyAttempts,
} from './auth.errors';
import type { AuthUser } from '../common/auth-user';
import { CLOCK, type Clock } from '../common/clock';
import { DirectoryUserRepository } from './directory-user.repository';
import { toSessionResponse, type SessionResponseDto } from './session.dto';
import { SessionRepository } from './session.repository';
import { newSecret, sessionIdOf } from './session-token';
import { SignInThrottle } from './sign-in-throttle';
import type { DomainError } from '../common/domain-error';

type Sessions = Pick<SessionRepository, 'create' | 'findById' | 'delete' | 'deleteExpiredOf'>;
type Directory = Pick<DirectoryUserRepository, 'upsert'>;
type Throttle = Pick<SignInThrottle, 'attempt' | 'succeeded'>;
type Settings = Pick<AppConfig, 'CLIENT_ID' | 'SESSION_TTL_DAYS' | 'PROVIDER_SERVICE_USERNAME'>;

/** Provider answers that mean the signed-in user's provider session is over. */
const SESSION_OVER: ReadonlySet<ErrorCode> = new Set([
  ERROR_CODES.UNAUTHENTICATED,
  ERROR_CODES.FORBIDDEN,
  ERROR_CODES.NOT_FOUND,
  ERROR_CODES.ACCOUNT_DISABLED,
]);

export interface SignedIn {
  /** Goes to the browser in the session cookie only; the hub keeps its sha256. */
  sessionToken: string;
  session: SessionResponseDto;
}

/** Sign-in, the page-load session check and sign-out, over the provider's login and tokens. */
@Injectable()
export class SessionService {
  private readonly logger = new Logger(SessionService.name);

  constructor(
    @Inject(PROVIDER_GATEWAY) private readonly provider: ProviderGateway,
    @Inject(SessionRepository) private readonly sessions: Sessions,
    @Inject(DirectoryUserRepository) private readonly directory: Directory,
    @Inject(APP_CONFIG) private readonly config: Settings,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(SignInThrottle) private readonly throttle: Throttle,
  ) {}

  /**
   * A throttled pair of username and browser address is refused before anything is asked of the
   * provider, so the answer is the same whether the name exists or not (ASVS 5 V6.3).
   */
  async signIn(username: string, password: string, clientIp: string): Promise<SignedIn> {
    const verdict = await this.throttle.attempt(username, clientIp);
    if (!verdict.allowed) throw tooManyAttempts(verdict.retryAfterSeconds);
    const login = await this.provider
      .login(username, password, { clientIp })
      .catch((e: unknown) => rethrowProviderError(e, signInError));
    await this.throttle.succeeded(username, clientIp);
    return this.open(login.token, login.username, signInError);
  }

  /** Signs in with a provider token obtained by single sign-on. */
  async signInWithToken(token: string): Promise<SignedIn> {
    const owner = await this.provider
      .validateToken(token)
      .catch((e: unknown) => rethrowProviderError(e, tokenSignInError));
    return this.open(token, owner.username, tokenSignInError);
  }

  /**
   * The signed-in user's session, checked with the provider once per page load: validating the
   * token extends it there, and the user's groups are read again so group changes apply now.
   */
  async current(user: AuthUser): Promise<SessionResponseDto> {
    const session = await this.sessions.findById(user.sessionId);
    if (!session) throw sessionExpired();
    try {
      await this.provider.validateToken(user.providerToken, user.username);
      const detail = this.requireActive(await this.provider.userDetail(user.providerToken, user.username));
      const derived = await this.record(detail);
      return toSessionResponse(detail, derived, this.config.CLIENT_ID, session.csrfToken);
    } catch (e) {
      if (e instanceof ProviderError && !e.transient && SESSION_OVER.has(e.code)) {
        await this.sessions.delete(user.sessionId);
        throw sessionExpired();
      }
      return rethrowProviderError(e, providerUnavailable);
    }
  }

  /** Ends the hub session whatever the provider says: a provider outage must not keep anyone signed in. */
  async signOut(user: AuthUser): Promise<void> {
    await this.endProviderSession(user.providerToken);
    await this.sessions.delete(user.sessionId);
  }

  private async open(
    providerToken: string,
    username: string,
    mapError: (e: ProviderError) => DomainError,
  ): Promise<SignedIn> {
    let detail: ProviderUserDetail;
    try {
      // The workflow's service account acts for the hub only; it never gets a portal session.
      if (username.toLowerCase() === this.config.PROVIDER_SERVICE_USERNAME.toLowerCase())
        throw new ProviderError(ERROR_CODES.ACCOUNT_DISABLED, false, 'Service account');
      detail = this.requireActive(await this.provider.userDetail(providerToken, username));
    } catch (e) {
      await this.endProviderSession(providerToken);
      return rethrowProviderError(e, mapError);
    }
    const derived = await this.record(detail);
    const sessionToken = newSecret();
    const csrfToken = newSecret();
    const now = this.clock.now();
    await this.sessions.deleteExpiredOf(detail.username, now);
    await this.sessions.create({
      id: sessionIdOf(sessionToken),
      username: detail.username,
      providerToken,
      csrfToken,
      expiresAt: new Date(now.getTime() + this.config.SESSION_TTL_DAYS * 86_400_000),
    });
    return { sessionToken, session: toSessionResponse(detail, derived, this.config.CLIENT_ID, csrfToken) };
  }

  private requireActive(detail: ProviderUserDetail): ProviderUserDetail {
    if (!detail.active)
      throw new ProviderError(ERROR_CODES.ACCOUNT_DISABLED, false, 'The provider user is not active');
    return detail;
  }

  /** Derives the user's roles from their active groups and keeps the hub's directory entry in step. */
  private async record(detail: ProviderUserDetail): Promise<DerivedRoles> {
    const groups = detail.linkedGroups.filter((g) => g.active).map((g) => ({ id: g.id, name: g.name }));
    const derived = deriveRoles(groups, detail.companyName);
    await this.directory.upsert({
      username: detail.username,
      firstName: detail.firstName,
      lastName: detail.lastName,
      email: detail.email,
      companyName: detail.companyName,
      department: derived.department,
      roles: derived.roles,
      approvalSteps: derived.approvalSteps,
    });
    return derived;
  }

  private async endProviderSession(providerToken: string): Promise<void> {
    try {
      await this.provider.logout(providerToken);
    } catch (e) {
      if (!(e instanceof ProviderError)) throw e;
      this.logger.warn(`Provider logout failed (${e.code}); the hub session ends anyway`);
    }
  }
}
