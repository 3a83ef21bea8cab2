import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../config/config.module';
import { requestConnectionOptions } from '../jobs/redis-connection';

/** How long a share's password waits for its job: far longer than the job's retries take. */
export const SHARE_SECRET_TTL_MS = 60 * 60_000;

/**
 * The share password between the request and the job that hands it to the provider. It never
 * enters the job's payload (kept in PostgreSQL and shown on the dashboard): it waits in Redis
 * under the job's id, for an hour at most, and the job removes it once the provider has the share.
 */
@Injectable()
export class ShareSecrets implements OnModuleDestroy {
  private readonly logger = new Logger(ShareSecrets.name);
  private readonly redis: Redis;
  private readonly prefix: string;

  constructor(@Inject(APP_CONFIG) config: Pick<AppConfig, 'REDIS_URL' | 'REDIS_PREFIX'>) {
    this.redis = new Redis(config.REDIS_URL, requestConnectionOptions());
    this.redis.on('error', (err: Error) =>
      this.logger.warn({ err }, 'Redis connection error (share secrets)'),
    );
    this.prefix = `${config.REDIS_PREFIX}:share-secret:`;
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

  async onModuleDestroy(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
