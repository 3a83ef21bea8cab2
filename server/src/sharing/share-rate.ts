import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { SHARE_ERROR_CODES } from '@paddock/rules';
import { CLOCK, type Clock } from '../common/clock';
import { RetryLaterError } from '../common/domain-error';
import {
  RedisWindowedCounter,
  windowCheckLua,
  windowCountLua,
  windowRefundLua,
} from '../common/redis/redis-windowed-counter';
import { REDIS_KEY_SPACES } from '../common/redis/redis-client';
import { APP_CONFIG, type AppConfig } from '../config/config.module';

/** The per-user bound on external shares (EXTERNAL_SHARE_RATE_*). */
export interface ShareRatePolicy {
  maxShares: number;
  maxRecipients: number;
  windowMs: number;
}

export function shareRatePolicyOf(
  config: Pick<
    AppConfig,
    'EXTERNAL_SHARE_RATE_SHARES' | 'EXTERNAL_SHARE_RATE_RECIPIENTS' | 'EXTERNAL_SHARE_RATE_WINDOW_MINUTES'
  >,
): ShareRatePolicy {
  return {
    maxShares: config.EXTERNAL_SHARE_RATE_SHARES,
    maxRecipients: config.EXTERNAL_SHARE_RATE_RECIPIENTS,
    windowMs: config.EXTERNAL_SHARE_RATE_WINDOW_MINUTES * 60_000,
  };
}

/**
 * Atomically: refuse while one more share, or its recipients, would pass the user's bound in the
 * window, else count both, so a burst of parallel submits cannot all fit.
 * KEYS: shares {n, start}, recipients {n, start}. ARGV: now, max shares, max recipients, window ms, recipients.
 */
const RESERVE_SCRIPT = `${windowCheckLua('shares', 1, 2, 4)}${windowCheckLua('recipients', 2, 3, 4, 'tonumber(ARGV[5])')}${windowCountLua('shares', 1, 4)}${windowCountLua('recipients', 2, 4, 'tonumber(ARGV[5])')}return 0
`;

/** A reserved share that was not submitted after all gives back what it counted. KEYS as RESERVE_SCRIPT; ARGV: now, recipients. */
const REFUND_SCRIPT = `${windowRefundLua(1, '1')}${windowRefundLua(2, 'tonumber(ARGV[2])')}return 0
`;

/**
 * How many external shares, and e-mail recipients across them, one user may submit per window
 * (docs/security.md "Outgoing mail is bounded"). Counted in Redis so every api replica agrees.
 */
@Injectable()
export class ShareRate implements OnModuleDestroy {
  readonly policy: ShareRatePolicy;
  private readonly counter: RedisWindowedCounter;

  constructor(@Inject(APP_CONFIG) config: AppConfig, @Inject(CLOCK) clock: Clock) {
    this.policy = shareRatePolicyOf(config);
    this.counter = new RedisWindowedCounter(
      config,
      clock,
      REDIS_KEY_SPACES.shareRate,
      'External shares cannot be sent right now. Try later',
    );
  }

  /** Counts one share to `recipients` addresses for `username`, or refuses 429 SHARE_RATE_LIMITED. */
  async reserve(username: string, recipients: number): Promise<void> {
    const verdict = await this.counter.run(RESERVE_SCRIPT, this.keys(username), [
      this.policy.maxShares,
      this.policy.maxRecipients,
      this.policy.windowMs,
      recipients,
    ]);
    if (!verdict.allowed)
      throw new RetryLaterError(
        SHARE_ERROR_CODES.RATE_LIMITED,
        `At most ${this.policy.maxShares} external shares and ${this.policy.maxRecipients} recipients per user in ${this.policy.windowMs / 60_000} minutes`,
        verdict.retryAfterSeconds,
      );
  }

  async refund(username: string, recipients: number): Promise<void> {
    await this.counter.run(REFUND_SCRIPT, this.keys(username), [recipients]);
  }

  onModuleDestroy(): Promise<void> {
    return this.counter.close();
  }

  private keys(username: string): string[] {
    return [this.counter.key('shares', username), this.counter.key('recipients', username)];
  }
}
