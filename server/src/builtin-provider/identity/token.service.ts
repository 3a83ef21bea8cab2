import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/config.module';
import { CLOCK, type Clock } from '../../common/clock';
import type { IdentityUser } from './identity-user';
import { EXTEND_STEP_MS, TokenRepository, type LiveToken } from './token.repository';

/** The id a token is stored under: its sha256, so a leaked table holds no usable token. */
export function tokenIdOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

const MAX_TOKEN_LENGTH = 200;

/** A token worth looking up: present and no longer than any token this provider issues. */
export function isTokenShaped(token: string | undefined): token is string {
  return !!token && token.length <= MAX_TOKEN_LENGTH;
}

type Tokens = Pick<TokenRepository, 'create' | 'live' | 'slide' | 'delete' | 'deleteExpired'>;

/**
 * Provider tokens (THRON's `tokenId`): 32 random bytes, base64url; valid PROVIDER_TOKEN_TTL_MINUTES
 * and every validated use restarts that window (research §1: "every call made with it refreshes").
 */
@Injectable()
export class TokenService {
  constructor(
    @Inject(TokenRepository) private readonly tokens: Tokens,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'PROVIDER_TOKEN_TTL_MINUTES'>,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async issueToken(userId: string): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const now = this.clock.now();
    // Housekeeping on the way: the user's dead tokens go when a new one is made.
    await this.tokens.deleteExpired(userId, now);
    await this.tokens.create(tokenIdOf(token), userId, this.expiryFrom(now));
    return token;
  }

  /** The active user a live token belongs to, sliding its expiry; null for a missing, unknown or expired token. */
  async resolve(token: string | undefined): Promise<IdentityUser | null> {
    const live = await this.live(token);
    return live && (await this.slide(token as string, live)) ? live.user : null;
  }

  /** A token of an active user, live now, as read (its expiry not slid); null otherwise. */
  async live(token: string | undefined): Promise<LiveToken | null> {
    if (!isTokenShaped(token)) return null;
    const live = await this.tokens.live(tokenIdOf(token), this.clock.now());
    return live?.user.active ? live : null;
  }

  /**
   * A use of `live` (as read by `live`, maybe kept since): restarts its window, writing the row only
   * when the expiry is more than EXTEND_STEP_MS behind, since every provider call checks the token and
   * a page of results makes several at once. `live.expiresAt` follows; false when the token has ended.
   */
  async slide(token: string, live: LiveToken): Promise<boolean> {
    const now = this.clock.now();
    const target = this.expiryFrom(now);
    if (live.expiresAt > now && live.expiresAt.getTime() >= target.getTime() - EXTEND_STEP_MS) return true;
    if (!(await this.tokens.slide(tokenIdOf(token), now, target))) return false;
    live.expiresAt = target;
    return true;
  }

  async revoke(token: string): Promise<void> {
    if (isTokenShaped(token)) await this.tokens.delete(tokenIdOf(token));
  }

  private expiryFrom(now: Date): Date {
    return new Date(now.getTime() + this.config.PROVIDER_TOKEN_TTL_MINUTES * 60_000);
  }
}
