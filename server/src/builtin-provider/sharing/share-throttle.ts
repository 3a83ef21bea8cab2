import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { CLOCK, type Clock } from '../../common/clock';
import {
  RedisWindowedCounter,
  windowCheckLua,
  windowCountLua,
  windowRefundLua,
  type ThrottleVerdict,
} from '../../common/redis/redis-windowed-counter';
import { REDIS_KEY_SPACES } from '../../common/redis/redis-client';
import { APP_CONFIG, type AppConfig } from '../../config/config.module';

/** Nextcloud's numbers (research next-wave A.1): 10 in 30 minutes, then 429 until the window ends. */
const GUESSES = 10;

export const SHARE_GUESS_LIMIT = {
  /** Password attempts through one recipient's link: only that link locks (docs/security.md). */
  perLink: GUESSES,
  /** Through all the links of one share together: locking every recipient takes three recipients' links. */
  perShare: 3 * GUESSES,
  /** Unknown tokens tried from one client address. */
  perAddress: GUESSES,
  windowMs: 30 * 60_000,
};

/**
 * Atomically: refuse while the link or its share has used its attempts in the window, else count
 * the attempt on both before the password is checked, so parallel guesses cannot all be checked
 * before the first failure is counted.
 * KEYS: link {n, start}, share {n, start}. ARGV: now, per link, per share, window ms.
 */
const ATTEMPT_SCRIPT = `${windowCheckLua('link', 1, 2, 4)}${windowCheckLua('share', 2, 3, 4)}${windowCountLua('link', 1, 4)}${windowCountLua('share', 2, 4)}return 0
`;

/** The right password gives its attempt back to the link and the share. KEYS as ATTEMPT_SCRIPT. */
const REFUND_SCRIPT = `${windowRefundLua(1, '1')}${windowRefundLua(2, '1')}return 0
`;

/**
 * Guessing on share pages, across api replicas: password attempts per recipient link (and per
 * share), and unknown tokens per client address.
 */
@Injectable()
export class ShareThrottle implements OnModuleDestroy {
  private readonly counter: RedisWindowedCounter;

  constructor(
    @Inject(APP_CONFIG) config: Pick<AppConfig, 'REDIS_URL' | 'REDIS_PREFIX'>,
    @Inject(CLOCK) clock: Clock,
  ) {
    this.counter = new RedisWindowedCounter(
      config,
      clock,
      REDIS_KEY_SPACES.shareThrottle,
      'Shares cannot be opened right now. Try later',
    );
  }

  /** Whether a password may be checked through this link now; an allowed attempt counts until it succeeds. */
  attempt(shareId: string, linkId: string): Promise<ThrottleVerdict> {
    return this.counter.run(ATTEMPT_SCRIPT, this.keys(shareId, linkId), [
      SHARE_GUESS_LIMIT.perLink,
      SHARE_GUESS_LIMIT.perShare,
      SHARE_GUESS_LIMIT.windowMs,
    ]);
  }

  /** The password was right. */
  async succeeded(shareId: string, linkId: string): Promise<void> {
    await this.counter.run(REFUND_SCRIPT, this.keys(shareId, linkId), []);
  }

  /** Whether the address may reach share pages now (it has not guessed too many tokens). */
  addressOpen(address: string): Promise<ThrottleVerdict> {
    return this.addressHit(address, false);
  }

  unknownToken(address: string): Promise<ThrottleVerdict> {
    return this.addressHit(address, true);
  }

  onModuleDestroy(): Promise<void> {
    return this.counter.close();
  }

  private keys(shareId: string, linkId: string): string[] {
    return [this.counter.key('link', linkId), this.counter.key('share', shareId)];
  }

  private addressHit(address: string, count: boolean): Promise<ThrottleVerdict> {
    return this.counter.hit(
      this.counter.key('address', address),
      SHARE_GUESS_LIMIT.perAddress,
      SHARE_GUESS_LIMIT.windowMs,
      count,
    );
  }
}
