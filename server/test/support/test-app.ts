import type { NestExpressApplication } from '@nestjs/platform-express';
import Redis from 'ioredis';
import { createApp } from '../../src/app.factory';
import { parseConfig, type AppConfig } from '../../src/config/config.schema';
import { createTestDatabase, testRedisPrefix, type TestDatabase } from './databases';
import { freePort } from './free-port';

export interface TestApp {
  app: NestExpressApplication;
  config: AppConfig;
  db: TestDatabase;
  /** http://127.0.0.1:PORT */
  url: string;
  close(): Promise<void>;
}

/**
 * The whole hub (api + workers + built-in provider) on a free loopback port, over a fresh database
 * and its own Redis prefix. `env` overrides settings (e.g. OIDC_ISSUER).
 */
export async function startTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const db = await createTestDatabase();
  const port = await freePort();
  const config = parseConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: db.url,
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    REDIS_PREFIX: testRedisPrefix(),
    WEB_DIST: '/nonexistent',
    // Worker processes of one test run side by side: each takes a free metrics port.
    METRICS_PORT: '0',
    ...env,
  });
  const app = await createApp(config);
  await app.listen(port, config.HOST);
  return {
    app,
    config,
    db,
    url: `http://127.0.0.1:${port}`,
    async close() {
      await app.close();
      await db.drop();
      await dropRedisKeys(config.REDIS_URL, config.REDIS_PREFIX);
    },
  };
}

/** Removes every key of one test file's Redis prefix, so runs leave nothing behind. */
async function dropRedisKeys(url: string, prefix: string): Promise<void> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
