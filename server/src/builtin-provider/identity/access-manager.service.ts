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
import { TokenService } from './token.service';
import { UserDirectoryRepository } from './user-directory.repository';

type Users = Pick<
  UserDirectoryRepository,
  'findByUsername' | 'recordFailure' | 'lock' | 'resetFailures' | 'recordLogin'
>;
type Tokens = Pick<TokenService, 'issueToken' | 'resolve' | 'revoke'>;
type Hasher = Pick<PasswordHasher, 'verify'>;
type Settings = Pick<AppConfig, 'CLIENT_ID' | 'LOGIN_MAX_FAILURES' | 'LOGIN_LOCK_MINUTES'>;

/** THRON's xsso accessmanager: login, validateToken, logout. */
@Injectable()
export class AccessManagerService {
  constructor(
    @Inject(UserDirectoryRepository) private readonly users: Users,
    @Inject(TokenService) private readonly tokens: Tokens,
    @Inject(PasswordHasher) private readonly hasher: Hasher,
    @Inject(APP_CONFIG) private readonly config: Settings,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async login(clientId: string, credentials: LoginCredentials): Promise<AccessLoginResponse> {
    requireClient(this.config.CLIENT_ID, clientId);
    const { username, password } = credentials;
    if (!username || !password)
      throw thronError(THRON_FAILURES.invalidArguments, 'username and password are required');
    const user = await this.users.findByUsername(username);
    if (!user) {
      await this.hasher.verify(null, password);
      throw new ThronError(IDENTITY_FAILURES.wrongCredentials);
    }
    const now = this.clock.now();
    // A locked account refuses even the right password until the lock ends.
    if (user.lockedUntil && user.lockedUntil > now) throw new ThronError(IDENTITY_FAILURES.tooManyAttempts);
    if (!(await this.hasher.verify(user.passwordHash, password))) {
      const failures = await this.users.recordFailure(user.id);
      if (failures < this.config.LOGIN_MAX_FAILURES) throw new ThronError(IDENTITY_FAILURES.wrongCredentials);
      await this.users.lock(user.id, new Date(now.getTime() + this.config.LOGIN_LOCK_MINUTES * 60_000));
      throw new ThronError(IDENTITY_FAILURES.tooManyAttempts);
    }
    // Account state is told only to someone who knows the password.
    if (!user.active || (user.passwordExpiresAt && user.passwordExpiresAt <= now)) {
      if (user.failedLogins > 0) await this.users.resetFailures(user.id);
      throw new ThronError(
        user.active ? IDENTITY_FAILURES.passwordExpired : IDENTITY_FAILURES.accountDisabled,
      );
    }
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
