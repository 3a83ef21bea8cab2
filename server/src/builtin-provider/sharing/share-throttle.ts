import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { CLOCK, type Clock } from '../../common/clock';
import { RedisWindowedCounter, type ThrottleVerdict } from '../../common/redis-windowed-counter';
import { APP_CONFIG, type AppConfig } from '../../config/config.module';

/** Nextcloud's numbers (research next-wave A.1): 10 failures in 30 minutes, then 429 until the window ends. */
export const SHARE_GUESS_LIMIT = { failures: 10, windowMs: 30 * 60_000 };

/**
 * Guessing on share pages, across api replicas: wrong passwords per share, and unknown tokens per
 * client address.
 */
@Injectable()
export class ShareThrottle implements OnModuleDestroy {
  private readonly counter: RedisWindowedCounter;

  constructor(
    @Inject(APP_CONFIG) config: Pick<AppConfig, 'REDIS_URL' | 'REDIS_PREFIX'>,
    @Inject(CLOCK) clock: Clock,
  ) {
    this.counter = new RedisWindowedCounter(config, clock, 'share-throttle');
  }

  /** Whether the share still takes a password now. */
  shareOpen(shareId: string): Promise<ThrottleVerdict> {
    return this.hit(this.counter.key('share', shareId), false);
  }

  passwordFailed(shareId: string): Promise<ThrottleVerdict> {
    return this.hit(this.counter.key('share', shareId), true);
  }

  /** Whether the address may reach share pages now (it has not guessed too many tokens). */
  addressOpen(address: string): Promise<ThrottleVerdict> {
    return this.hit(this.counter.key('address', address), false);
  }

  unknownToken(address: string): Promise<ThrottleVerdict> {
    return this.hit(this.counter.key('address', address), true);
  }

  onModuleDestroy(): Promise<void> {
    return this.counter.close();
  }

  private hit(key: string, count: boolean): Promise<ThrottleVerdict> {
    return this.counter.hit(key, SHARE_GUESS_LIMIT.failures, SHARE_GUESS_LIMIT.windowMs, count);
  }
}
