import type { OnModuleDestroy } from '@nestjs/common';
import type { AppConfig } from '../config/config.module';
import type { Clock } from './clock';
import type { RedisKeySpace } from './redis/redis-client';
import {
  RedisWindowedCounter,
  windowCheckLua,
  windowCountLua,
  type ThrottleVerdict,
} from './redis/redis-windowed-counter';

/**
 * How sign-in attempts are slowed down (OWASP ASVS 5 V6.3: anti-automation that never lets a
 * stranger lock a user out). Failures count per (account, client address) pair, so a stranger's
 * guesses from their address cost the user nothing from theirs.
 */
export interface LoginThrottlePolicy {
  /** Failures of one pair answered at once (LOGIN_MAX_FAILURES). */
  freeFailures: number;
  /** The wait after the first failure beyond the free ones; it doubles with each further failure. */
  firstDelayMs: number;
  /** The longest wait (LOGIN_LOCK_MINUTES). */
  maxDelayMs: number;
}

export const FIRST_LOGIN_DELAY_MS = 30_000;
/** A pair's failures are forgotten a day after its last attempt (or at its next success). */
export const LOGIN_PAIR_MEMORY_MS = 24 * 60 * 60_000;
/**
 * Sign-in requests per client address per minute, at the hub and at the built-in provider: a flood
 * guard only. Guessing is LoginThrottle's (growing delays per name and address, and a cap on one
 * address's failures), so this lets an office behind one address sign in together at nine o'clock.
 */
export const LOGIN_FLOOD_GUARD = { limit: 120, ttl: 60_000 };

/** Password spraying: failures from one address across all accounts, per window. */
export const ADDRESS_MAX_FAILURES = 100;
export const ADDRESS_WINDOW_MS = 60 * 60_000;

export function loginThrottlePolicyOf(
  config: Pick<AppConfig, 'LOGIN_MAX_FAILURES' | 'LOGIN_LOCK_MINUTES'>,
): LoginThrottlePolicy {
  return {
    freeFailures: config.LOGIN_MAX_FAILURES,
    firstDelayMs: FIRST_LOGIN_DELAY_MS,
    maxDelayMs: config.LOGIN_LOCK_MINUTES * 60_000,
  };
}

/** How long a pair with `failures` failed attempts must wait after its last one before the next. */
export function loginDelayMs(failures: number, policy: LoginThrottlePolicy): number {
  const beyond = failures - policy.freeFailures;
  if (beyond < 0) return 0;
  // 2^beyond overflows to Infinity long after the cap is reached, and min() still holds then.
  return Math.min(policy.maxDelayMs, policy.firstDelayMs * 2 ** beyond);
}

/** Every delay from 0 failures until the cap, the last one applying to any count beyond. */
export function loginDelaySchedule(policy: LoginThrottlePolicy): number[] {
  const delays: number[] = [];
  for (let failures = 0; ; failures++) {
    delays.push(loginDelayMs(failures, policy));
    if (delays[failures] >= policy.maxDelayMs) return delays;
  }
}

export type LoginVerdict = ThrottleVerdict;

/**
 * Atomically: refuse while the address is over its cap or the pair's delay runs, else count the
 * attempt as a failure before the password is checked (so parallel guesses cannot all slip into
 * the free ones); a success takes it back.
 * KEYS: pair hash {n, t}, address hash {n, start}.
 * ARGV: now, pair memory ms, address max, address window ms, then the delay schedule.
 * Returns the wait in ms, 0 when the attempt is allowed.
 */
const ATTEMPT_SCRIPT = `${windowCheckLua('address', 2, 3, 4)}
local now = tonumber(ARGV[1])
local failures = tonumber(redis.call('HGET', KEYS[1], 'n') or '0')
local last = tonumber(redis.call('HGET', KEYS[1], 't') or '0')
local schedule = #ARGV - 4
local wait = last + tonumber(ARGV[4 + math.min(failures + 1, schedule)]) - now
if wait > 0 then
  return wait
end
redis.call('HSET', KEYS[1], 'n', failures + 1, 't', now)
redis.call('PEXPIRE', KEYS[1], ARGV[2])${windowCountLua('address', 2, 4)}return 0
`;

/** The attempt succeeded: forget the pair, and give the address its attempt back. */
const SUCCESS_SCRIPT = `
redis.call('DEL', KEYS[1])
if tonumber(redis.call('HGET', KEYS[2], 'n') or '0') > 0 then
  redis.call('HINCRBY', KEYS[2], 'n', -1)
end
return 0
`;

/**
 * The sign-in throttle, over Redis windowed counters shared by every api replica. The hub and the
 * built-in provider each keep their own (`scope`): the hub keys on the browser's address, the
 * provider on its caller's.
 */
export class LoginThrottle implements OnModuleDestroy {
  private readonly counter: RedisWindowedCounter;
  private readonly schedule: string[];

  constructor(
    config: Pick<AppConfig, 'REDIS_URL' | 'REDIS_PREFIX' | 'LOGIN_MAX_FAILURES' | 'LOGIN_LOCK_MINUTES'>,
    clock: Clock,
    scope: RedisKeySpace,
  ) {
    // No sign-in without the throttle: while Redis cannot be reached the attempt answers 503.
    this.counter = new RedisWindowedCounter(
      config,
      clock,
      scope,
      'Signing in is not possible right now. Try later',
    );
    this.schedule = loginDelaySchedule(loginThrottlePolicyOf(config)).map(String);
  }

  /** Whether `username` may try a password from `address` now; an allowed attempt counts until it succeeds. */
  attempt(username: string, address: string): Promise<LoginVerdict> {
    return this.counter.run(ATTEMPT_SCRIPT, this.keys(username, address), [
      LOGIN_PAIR_MEMORY_MS,
      ADDRESS_MAX_FAILURES,
      ADDRESS_WINDOW_MS,
      ...this.schedule,
    ]);
  }

  /** The password was right: the pair starts again from zero. */
  async succeeded(username: string, address: string): Promise<void> {
    await this.counter.run(SUCCESS_SCRIPT, this.keys(username, address), []);
  }

  onModuleDestroy(): Promise<void> {
    return this.counter.close();
  }

  private keys(username: string, address: string): string[] {
    // Case variants of a name ("Admin", "admin") share one count, so they buy a guesser nothing.
    return [
      this.counter.key('pair', `${username.toLowerCase()}\n${address}`),
      this.counter.key('address', address),
    ];
  }
}
