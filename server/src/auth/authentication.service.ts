import { Inject, Injectable, Optional } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/config.module';
import { DomainError } from '../common/domain-error';
import { csrfMismatch, sessionExpired } from './auth.errors';
import { primaryRoleOf } from '@paddock/rules';
import { isRole, type AuthUser } from '../common/auth-user';
import { CLOCK, type Clock } from '../common/clock';
import { ChangeFeed } from '../database/change-feed';
import { KeptUntilChanged } from '../database/kept-until-changed';
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

/**
 * Sessions of one api process, with their directory entries: every request of a signed-in person
 * reads them, and they change only at sign-in, sign-out, expiry or a directory change, each announced
 * (topic `callers`, migration `*_request_caches`); a minute bounds a change made without the triggers.
 */
const CALLERS = { capacity: 10_000, ttlMs: 60_000 };

type Sessions = Pick<SessionRepository, 'findById' | 'touch' | 'delete'>;
type Directory = Pick<DirectoryUserRepository, 'findByUsername'>;
type DirectoryEntry = NonNullable<Awaited<ReturnType<Directory['findByUsername']>>>;

/** A live session and who it is. */
interface Caller {
  session: SessionRecord;
  entry: DirectoryEntry | null;
}

/** Turns a request's session credentials into the AuthUser, or refuses them. */
@Injectable()
export class AuthenticationService {
  private readonly callers: KeptUntilChanged;

  constructor(
    @Inject(SessionRepository) private readonly sessions: Sessions,
    @Inject(DirectoryUserRepository) private readonly directory: Directory,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'CLIENT_ID'>,
    @Inject(CLOCK) private readonly clock: Clock,
    // Without it (unit tests), every request reads its session.
    @Optional() @Inject(ChangeFeed) changes?: Pick<ChangeFeed, 'generation'>,
  ) {
    this.callers = new KeptUntilChanged(changes, 'callers', CALLERS, clock);
  }

  /**
   * The header contract wins when a `token` header is sent; it needs no CSRF token because a
   * browser never adds those headers on its own. The cookie does ride along on cross-site requests
   * (SameSite=None), so a cookie request that changes something must echo the session's CSRF token.
   */
  async authenticate(credentials: RequestCredentials): Promise<AuthUser> {
    const now = this.clock.now();
    let caller: Caller;
    if (credentials.headerToken !== undefined) {
      if (credentials.headerClientId !== this.config.CLIENT_ID || !credentials.headerUsername)
        throw DomainError.unauthenticated();
      caller = await this.liveCaller(credentials.headerToken, now);
      if (caller.session.username !== credentials.headerUsername) throw DomainError.unauthenticated();
    } else if (credentials.cookieToken !== undefined) {
      caller = await this.liveCaller(credentials.cookieToken, now);
      const csrf = credentials.csrfToken;
      if (
        !SAFE_METHODS.has(credentials.method.toUpperCase()) &&
        !(csrf && sameSecret(csrf, caller.session.csrfToken))
      )
        throw csrfMismatch();
    } else {
      throw DomainError.unauthenticated();
    }
    const { session, entry } = caller;
    if (now.getTime() - session.lastSeenAt.getTime() >= TOUCH_INTERVAL_MS) {
      await this.sessions.touch(session.id, now);
      // The kept record too: its touch announces nothing, and the next request must not write again.
      session.lastSeenAt = now;
    }
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

  private async liveCaller(token: string, now: Date): Promise<Caller> {
    const id = sessionIdOf(token);
    // An unknown token is refused inside, so it is never kept: guesses cannot crowd out sessions.
    const caller = await this.callers.read(['session', id], async (): Promise<Caller> => {
      const session = await this.sessions.findById(id);
      if (!session) throw sessionExpired();
      return { session, entry: await this.directory.findByUsername(session.username) };
    });
    if (caller.session.expiresAt <= now) {
      await this.sessions.delete(caller.session.id);
      throw sessionExpired();
    }
    return caller;
  }
}
