import { Logger } from '@nestjs/common';
import { Redis } from 'ioredis';
import type { AppConfig } from '../../config/config.module';
import { requestConnectionOptions } from './redis-connection';

/**
 * Every use of Redis that keeps keys of its own, with its key prefix under REDIS_PREFIX: one table,
 * so no two uses can write the same keys. The job queues are BullMQ's (its own `bull:` keys under
 * REDIS_PREFIX) and are opened in jobs/ with the options of redis-connection.ts.
 */
export const REDIS_KEY_SPACES = {
  shareSecrets: 'share-secret',
  uploadOutcomes: 'upload-outcome',
  signInThrottle: 'sign-in-throttle',
  providerLoginThrottle: 'provider-login-throttle',
  shareThrottle: 'share-throttle',
  shareRate: 'share-rate',
} as const;

export type RedisKeySpace = (typeof REDIS_KEY_SPACES)[keyof typeof REDIS_KEY_SPACES];

/** A connection that serves requests, and the prefix of its use's keys. */
export interface PrefixedRedis {
  readonly redis: Redis;
  /** `<REDIS_PREFIX>:<key space>:`, to put before every key of this use. */
  readonly prefix: string;
}

/**
 * The one way a request-serving use opens Redis: a connection of its own (a use's outage or slow
 * script does not queue behind another's), with a few retries rather than forever, logging its
 * errors under its key space. The caller closes it with `closeRedis`.
 */
export function openRedis(
  config: Pick<AppConfig, 'REDIS_URL' | 'REDIS_PREFIX'>,
  use: RedisKeySpace,
): PrefixedRedis {
  const redis = new Redis(config.REDIS_URL, requestConnectionOptions());
  const logger = new Logger(`Redis ${use}`);
  redis.on('error', (err: Error) => logger.warn({ err }, `Redis connection error (${use})`));
  return { redis, prefix: `${config.REDIS_PREFIX}:${use}:` };
}

export async function closeRedis(redis: Redis): Promise<void> {
  await redis.quit().catch(() => redis.disconnect());
}
