import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/config.module';
import { CLOCK, type Clock } from '../../common/clock';
import type { IdentityUser } from './identity-user';
import { TokenRepository } from './token.repository';

/** The id a token is stored under: its sha256, so a leaked table holds no usable token. */
export function tokenIdOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

const MAX_TOKEN_LENGTH = 200;

type Tokens = Pick<TokenRepository, 'create' | 'extend' | 'delete' | 'deleteExpired'>;

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
    if (!token || token.length > MAX_TOKEN_LENGTH) return null;
    const now = this.clock.now();
    const user = await this.tokens.extend(tokenIdOf(token), now, this.expiryFrom(now));
    return user?.active ? user : null;
  }

  async revoke(token: string): Promise<void> {
    if (token.length <= MAX_TOKEN_LENGTH) await this.tokens.delete(tokenIdOf(token));
  }

  private expiryFrom(now: Date): Date {
    return new Date(now.getTime() + this.config.PROVIDER_TOKEN_TTL_MINUTES * 60_000);
  }
}
