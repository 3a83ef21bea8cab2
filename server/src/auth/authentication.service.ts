import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/config.module';
import { DomainError } from '../common/domain-error';
import { csrfMismatch, sessionExpired } from './auth.errors';
import { primaryRoleOf } from '@paddock/rules';
import { isRole, type AuthUser } from '../common/auth-user';
import { CLOCK, type Clock } from '../common/clock';
import { DirectoryUserRepository } from './directory-user.repository';
import { SessionRepository, type SessionRecord } from './session.repository';
import { sameSecret, sessionIdOf } from './session-token';

/** What a request offers to prove who it is (the guard reads it off the request). */
export interface RequestCredentials {
  method: string;
  /** The paddock_session cookie. */
  cookieToken?: string;
  /** The x-csrf-token header. */
  csrfToken?: string;
  /** SPEC §7's header contract: token (the session token), username and clientid. */
  headerToken?: string;
  headerUsername?: string;
  headerClientId?: string;
}

const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);
/** lastSeenAt is a hint, not an audit trail: one write a minute per session is enough. */
const TOUCH_INTERVAL_MS = 60_000;

type Sessions = Pick<SessionRepository, 'findById' | 'touch' | 'delete'>;
type Directory = Pick<DirectoryUserRepository, 'findByUsername'>;

/** Turns a request's session credentials into the AuthUser, or refuses them. */
@Injectable()
export class AuthenticationService {
  constructor(
    @Inject(SessionRepository) private readonly sessions: Sessions,
    @Inject(DirectoryUserRepository) private readonly directory: Directory,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'CLIENT_ID'>,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /**
   * The header contract wins when a `token` header is sent; it needs no CSRF token because a
   * browser never adds those headers on its own. The cookie does ride along on cross-site requests
   * (SameSite=None), so a cookie request that changes something must echo the session's CSRF token.
   */
  async authenticate(credentials: RequestCredentials): Promise<AuthUser> {
    const now = this.clock.now();
    let session: SessionRecord;
    if (credentials.headerToken !== undefined) {
      if (credentials.headerClientId !== this.config.CLIENT_ID || !credentials.headerUsername)
        throw DomainError.unauthenticated();
      session = await this.liveSession(credentials.headerToken, now);
      if (session.username !== credentials.headerUsername) throw DomainError.unauthenticated();
    } else if (credentials.cookieToken !== undefined) {
      session = await this.liveSession(credentials.cookieToken, now);
      const csrf = credentials.csrfToken;
      if (
        !SAFE_METHODS.has(credentials.method.toUpperCase()) &&
        !(csrf && sameSecret(csrf, session.csrfToken))
      )
        throw csrfMismatch();
    } else {
      throw DomainError.unauthenticated();
    }
    if (now.getTime() - session.lastSeenAt.getTime() >= TOUCH_INTERVAL_MS)
      await this.sessions.touch(session.id, now);
    const entry = await this.directory.findByUsername(session.username);
    if (!entry) throw sessionExpired();
    const roles = entry.roles.filter(isRole);
    return {
      username: session.username,
      roles,
      primaryRole: primaryRoleOf(roles),
      department: entry.department,
      departmentRestricted: !roles.includes('branch-sharing'),
      approvalSteps: entry.approvalSteps,
      providerToken: session.providerToken,
      sessionId: session.id,
    };
  }

  private async liveSession(token: string, now: Date): Promise<SessionRecord> {
    const session = await this.sessions.findById(sessionIdOf(token));
    if (!session) throw sessionExpired();
    if (session.expiresAt <= now) {
      await this.sessions.delete(session.id);
      throw sessionExpired();
    }
    return session;
  }
}
