import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/config.module';
import { CLOCK, type Clock } from '../../common/clock';
import {
  THRON_FAILURES,
  ThronError,
  ok,
  requireClient,
  thronError,
  type ThronEnvelope,
} from '../thron.errors';
import {
  toAccessLoginResponse,
  type AccessLoginResponse,
  type LoginCredentials,
  type ValidateTokenForm,
} from './access-manager.dto';
import { IDENTITY_FAILURES } from './identity.errors';
import { PasswordHasher } from './password-hasher';
import { ProviderLoginThrottle } from './provider-login-throttle';
import { TokenService } from './token.service';
import { UserDirectoryRepository } from './user-directory.repository';

type Users = Pick<UserDirectoryRepository, 'findByUsername' | 'recordLogin'>;
type Tokens = Pick<TokenService, 'issueToken' | 'resolve' | 'revoke'>;
type Hasher = Pick<PasswordHasher, 'verify'>;
type Throttle = Pick<ProviderLoginThrottle, 'attempt' | 'succeeded'>;
type Settings = Pick<AppConfig, 'CLIENT_ID'>;

/** THRON's xsso accessmanager: login, validateToken, logout. */
@Injectable()
export class AccessManagerService {
  constructor(
    @Inject(UserDirectoryRepository) private readonly users: Users,
    @Inject(TokenService) private readonly tokens: Tokens,
    @Inject(PasswordHasher) private readonly hasher: Hasher,
    @Inject(APP_CONFIG) private readonly config: Settings,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(ProviderLoginThrottle) private readonly throttle: Throttle,
  ) {}

  /**
   * Failures slow down the pair of username and caller address, never the account (ASVS 5 V6.3),
   * and a real and an unknown username take the same path: the throttle first, then one password
   * hash check (an unknown user's against a dummy hash), then the same refusal.
   */
  async login(
    clientId: string,
    credentials: LoginCredentials,
    callerAddress: string,
  ): Promise<AccessLoginResponse> {
    requireClient(this.config.CLIENT_ID, clientId);
    const { username, password } = credentials;
    if (!username || !password)
      throw thronError(THRON_FAILURES.invalidArguments, 'username and password are required');
    const verdict = await this.throttle.attempt(username, callerAddress);
    if (!verdict.allowed) throw new ThronError(THRON_FAILURES.tooManyRequests, verdict.retryAfterSeconds);
    const user = await this.users.findByUsername(username);
    if (!(await this.hasher.verify(user?.passwordHash ?? null, password)) || !user)
      throw new ThronError(IDENTITY_FAILURES.wrongCredentials);
    await this.throttle.succeeded(username, callerAddress);
    const now = this.clock.now();
    // Account state is told only to someone who knows the password.
    if (!user.active || (user.passwordExpiresAt && user.passwordExpiresAt <= now))
      throw new ThronError(
        user.active ? IDENTITY_FAILURES.passwordExpired : IDENTITY_FAILURES.accountDisabled,
      );
    const tokenId = await this.tokens.issueToken(user.id);
    await this.users.recordLogin(user.id, now);
    return toAccessLoginResponse(user, tokenId);
  }

  async validateToken(
    clientId: string,
    token: string | undefined,
    form: ValidateTokenForm,
  ): Promise<AccessLoginResponse> {
    requireClient(this.config.CLIENT_ID, clientId);
    if (form.clientId !== undefined) requireClient(this.config.CLIENT_ID, form.clientId);
    const user = await this.tokens.resolve(token);
    if (!user || !token) throw new ThronError(THRON_FAILURES.sessionExpired);
    if (form.username !== undefined && form.username !== user.username)
      throw new ThronError(IDENTITY_FAILURES.usernameMismatch);
    return toAccessLoginResponse(user, token);
  }

  /** Ends the token; an unknown token is already ended, so the answer is the same. */
  async logout(clientId: string, token: string | undefined): Promise<ThronEnvelope> {
    requireClient(this.config.CLIENT_ID, clientId);
    if (!token) throw new ThronError(THRON_FAILURES.sessionExpired);
    await this.tokens.revoke(token);
    return ok({});
  }
}
