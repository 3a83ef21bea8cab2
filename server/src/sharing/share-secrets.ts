import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { closeRedis, openRedis, REDIS_KEY_SPACES } from '../common/redis/redis-client';
import { APP_CONFIG, type AppConfig } from '../config/config.module';

/** How long a share's password waits for its job: far longer than the job's retries take. */
export const SHARE_SECRET_TTL_MS = 60 * 60_000;

/**
 * The share password between the request and the job that hands it to the provider. It never
 * enters the job's payload (kept in PostgreSQL and shown on the dashboard): it waits in Redis
 * under the job's id, for an hour at most, and the job removes it once the provider has the share.
 */
@Injectable()
export class ShareSecrets implements OnModuleDestroy {
  private readonly redis: Redis;
  private readonly prefix: string;

  constructor(@Inject(APP_CONFIG) config: Pick<AppConfig, 'REDIS_URL' | 'REDIS_PREFIX'>) {
    ({ redis: this.redis, prefix: this.prefix } = openRedis(config, REDIS_KEY_SPACES.shareSecrets));
  }

  async put(jobId: string, password: string): Promise<void> {
    await this.redis.set(this.prefix + jobId, password, 'PX', SHARE_SECRET_TTL_MS);
  }

  /** The password, or null once the provider has it (or the hour has passed). */
  take(jobId: string): Promise<string | null> {
    return this.redis.get(this.prefix + jobId);
  }

  async forget(jobId: string): Promise<void> {
    await this.redis.del(this.prefix + jobId);
  }

  onModuleDestroy(): Promise<void> {
    return closeRedis(this.redis);
  }
}
