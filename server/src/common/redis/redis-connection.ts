import type { RedisOptions } from 'bullmq';
import type { AppConfig } from '../../config/config.module';

/**
 * Connection options of the BullMQ objects that wait on Redis (workers, queue events): they
 * must retry forever across a Redis restart (`maxRetriesPerRequest: null`, BullMQ production guide).
 * BullMQ opens and closes these connections itself.
 */
export function blockingConnectionOf(config: AppConfig): RedisOptions {
  return { url: config.REDIS_URL, maxRetriesPerRequest: null };
}

/** The longest pause between two reconnections of the enqueueing and request connections while Redis is down. */
export const RECONNECT_MAX_MS = 200;

/** Reconnections every 50 ms more, up to RECONNECT_MAX_MS apart. */
const shortReconnections = (times: number) => Math.min(times * 50, RECONNECT_MAX_MS);

/**
 * Options of the one connection that enqueues: no offline queue, so a submit fails fast while
 * Redis is down instead of holding the HTTP request (BullMQ "failing fast when Redis is down"),
 * and short pauses between reconnections, so submits work again as soon as Redis is back (with
 * ioredis's default, the crash campaign's submit still found it reconnecting after a 2 s restart).
 */
export function producerConnectionOptions(): {
  enableOfflineQueue: false;
  retryStrategy: (times: number) => number;
} {
  return { enableOfflineQueue: false, retryStrategy: shortReconnections };
}

/**
 * Options of a connection that serves an HTTP request (upload outcomes, the sign-in throttle): a
 * few retries, not forever, so the request fails rather than hangs while Redis is down. The pause
 * between reconnections stays short: ioredis's default grows to 2 s with every failed attempt since
 * the last success, so after a minute of outage each sign-in waited 6 s for its 503.
 */
export function requestConnectionOptions(): {
  maxRetriesPerRequest: number;
  retryStrategy: (times: number) => number;
} {
  return {
    maxRetriesPerRequest: 3,
    retryStrategy: shortReconnections,
  };
}
