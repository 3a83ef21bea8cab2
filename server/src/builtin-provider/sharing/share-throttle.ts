import { createHash } from 'node:crypto';
import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { Redis } from 'ioredis';
import { CLOCK, type Clock } from '../../common/clock';
import { APP_CONFIG, type AppConfig } from '../../config/config.module';
import { requestConnectionOptions } from '../../jobs/redis-connection';

/** Nextcloud's numbers (research next-wave A.1): 10 failures in 30 minutes, then 429 until the window ends. */
export const SHARE_GUESS_LIMIT = { failures: 10, windowMs: 30 * 60_000 };

/**
 * KEYS: the counter {n, start}. ARGV: now, limit, window ms, add (1 to count a failure, 0 to look).
 * Returns the wait in ms while the window holds `limit` failures, else 0.
 */
const WINDOW_SCRIPT = `
local now = tonumber(ARGV[1])
local n = tonumber(redis.call('HGET', KEYS[1], 'n') or '0')
local start = tonumber(redis.call('HGET', KEYS[1], 'start') or '0')
local window = tonumber(ARGV[3])
if now - start >= window then
  n = 0
  start = now
end
if n >= tonumber(ARGV[2]) then
  return start + window - now
end
if ARGV[4] == '1' then
  redis.call('HSET', KEYS[1], 'n', n + 1, 'start', start)
  redis.call('PEXPIRE', KEYS[1], window)
end
return 0
`;

export type ThrottleVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Guessing on share pages, in Redis so it holds across api replicas: wrong passwords per share,
 * and unknown tokens per client address. Keys are hashed: no token or address is stored in clear.
 */
@Injectable()
export class ShareThrottle implements OnModuleDestroy {
  private readonly logger = new Logger(ShareThrottle.name);
  private readonly redis: Redis;
  private readonly prefix: string;

  constructor(
    @Inject(APP_CONFIG) config: Pick<AppConfig, 'REDIS_URL' | 'REDIS_PREFIX'>,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    this.redis = new Redis(config.REDIS_URL, requestConnectionOptions());
    this.redis.on('error', (err: Error) =>
      this.logger.warn({ err }, 'Redis connection error (share throttle)'),
    );
    this.prefix = `${config.REDIS_PREFIX}:share-throttle:`;
  }

  /** Whether the share still takes a password now. */
  shareOpen(shareId: string): Promise<ThrottleVerdict> {
    return this.run(`share:${shareId}`, false);
  }

  passwordFailed(shareId: string): Promise<ThrottleVerdict> {
    return this.run(`share:${shareId}`, true);
  }

  /** Whether the address may reach share pages now (it has not guessed too many tokens). */
  addressOpen(address: string): Promise<ThrottleVerdict> {
    return this.run(`address:${hash(address)}`, false);
  }

  unknownToken(address: string): Promise<ThrottleVerdict> {
    return this.run(`address:${hash(address)}`, true);
  }

  async onModuleDestroy(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }

  private async run(key: string, count: boolean): Promise<ThrottleVerdict> {
    const wait = Number(
      await this.redis.eval(
        WINDOW_SCRIPT,
        1,
        `${this.prefix}${key}`,
        this.clock.now().getTime(),
        SHARE_GUESS_LIMIT.failures,
        SHARE_GUESS_LIMIT.windowMs,
        count ? '1' : '0',
      ),
    );
    return wait > 0 ? { allowed: false, retryAfterSeconds: Math.ceil(wait / 1000) } : { allowed: true };
  }
}

function hash(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
