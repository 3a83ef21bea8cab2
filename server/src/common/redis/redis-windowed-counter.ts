import { createHash } from 'node:crypto';
import { Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { ERROR_CODES } from '@paddock/rules';
import type { Clock } from '../clock';
import { RetryLaterError } from '../domain-error';
import type { AppConfig } from '../../config/config.module';
import { closeRedis, openRedis, type RedisKeySpace } from './redis-client';

export type ThrottleVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** What a throttled request is told to wait while its throttle's Redis cannot be reached. */
export const THROTTLE_UNAVAILABLE_RETRY_SECONDS = 30;

/**
 * Lua that loads the windowed counter `{n, start}` at KEYS[key] into the locals `<name>N` and
 * `<name>Start` (a window over restarts it) and returns the wait in ms while `amount` more (a Lua
 * expression, one by default) would pass ARGV[max] within ARGV[window]. A script that goes on
 * counts with `windowCountLua`.
 */
export function windowCheckLua(name: string, key: number, max: number, window: number, amount = '1'): string {
  return `
local ${name}N = tonumber(redis.call('HGET', KEYS[${key}], 'n') or '0')
local ${name}Start = tonumber(redis.call('HGET', KEYS[${key}], 'start') or '0')
if tonumber(ARGV[1]) - ${name}Start >= tonumber(ARGV[${window}]) then
  ${name}N = 0
  ${name}Start = tonumber(ARGV[1])
end
if ${name}N + ${amount} > tonumber(ARGV[${max}]) then
  return ${name}Start + tonumber(ARGV[${window}]) - tonumber(ARGV[1])
end
`;
}

/** Lua that counts `amount` more (one by default) in the window loaded by `windowCheckLua`. */
export function windowCountLua(name: string, key: number, window: number, amount = '1'): string {
  return `
redis.call('HSET', KEYS[${key}], 'n', ${name}N + ${amount}, 'start', ${name}Start)
redis.call('PEXPIRE', KEYS[${key}], ARGV[${window}])
`;
}

/** Lua that gives back `amount` (a Lua expression) to the counter at KEYS[key], never below zero. */
export function windowRefundLua(key: number, amount: string): string {
  return `
local refunded${key} = tonumber(redis.call('HGET', KEYS[${key}], 'n') or '0')
if refunded${key} > 0 then
  redis.call('HSET', KEYS[${key}], 'n', math.max(0, refunded${key} - ${amount}))
end
`;
}

/** KEYS: the counter. ARGV: now, max, window ms, add (1 to count, 0 to look). */
const WINDOW_SCRIPT = `${windowCheckLua('w', 1, 2, 3)}
if ARGV[4] == '1' then${windowCountLua('w', 1, 3)}end
return 0
`;

/**
 * Windowed counters in Redis, so every api replica shares them and a restart forgets nothing: the
 * store of the sign-in throttles, the share-page throttle and the external-share rate. Keys are hashed (`key`), so no
 * name, token or address is stored in clear. Each script runs atomically and answers a wait in ms.
 *
 * The one outage policy of every throttle: it fails closed. These throttles guard passwords and
 * outgoing mail, so while Redis cannot be reached nothing they guard goes through unthrottled:
 * the request answers 503 SERVICE_UNAVAILABLE with Retry-After (an outage, not a fault), telling
 * the user `unavailable`.
 */
export class RedisWindowedCounter {
  private readonly logger = new Logger(RedisWindowedCounter.name);
  private readonly redis: Redis;
  private readonly prefix: string;

  constructor(
    config: Pick<AppConfig, 'REDIS_URL' | 'REDIS_PREFIX'>,
    private readonly clock: Clock,
    private readonly scope: RedisKeySpace,
    private readonly unavailable: string,
  ) {
    ({ redis: this.redis, prefix: this.prefix } = openRedis(config, scope));
  }

  /** The Redis key of `kind` for `text`, hashed. */
  key(kind: string, text: string): string {
    return `${this.prefix}${kind}:${createHash('sha256').update(text).digest('hex')}`;
  }

  /** Refused while `key` holds `max` counts within `windowMs`; else counted when `count`. */
  hit(key: string, max: number, windowMs: number, count: boolean): Promise<ThrottleVerdict> {
    return this.run(WINDOW_SCRIPT, [key], [max, windowMs, count ? '1' : '0']);
  }

  /** An atomic script of the caller's: ARGV[1] is now, then `args`; it answers a wait in ms. */
  async run(script: string, keys: string[], args: (string | number)[]): Promise<ThrottleVerdict> {
    let wait: number;
    try {
      wait = Number(await this.redis.eval(script, keys.length, ...keys, this.clock.now().getTime(), ...args));
    } catch (err) {
      this.logger.warn({ err }, `Throttle unavailable (${this.scope})`);
      throw new RetryLaterError(
        ERROR_CODES.SERVICE_UNAVAILABLE,
        this.unavailable,
        THROTTLE_UNAVAILABLE_RETRY_SECONDS,
      );
    }
    return wait > 0 ? { allowed: false, retryAfterSeconds: Math.ceil(wait / 1000) } : { allowed: true };
  }

  close(): Promise<void> {
    return closeRedis(this.redis);
  }
}
