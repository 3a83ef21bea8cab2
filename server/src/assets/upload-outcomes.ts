import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { ErrorCode, UploadResult } from '@paddock/rules';
import type { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../config/config.module';
import { DomainError } from '../common/domain-error';
import { closeRedis, openRedis, REDIS_KEY_SPACES } from '../common/redis/redis-client';

/** How long the web may ask for the outcome of a finished upload. */
export const UPLOAD_OUTCOME_TTL_SECONDS = 24 * 60 * 60;

/** What became of a finished upload: the asset, or the refusal the web shows. */
export type UploadOutcome =
  | { username: string; result: UploadResult }
  | { username: string; error: { code: ErrorCode; message: string } };

/**
 * The outcome of each finished upload, in Redis: the PATCH that finishes an upload and the
 * browser's next request (GET /api/uploads/:id/result) may reach different api processes, and an
 * outcome nobody asks for must not stay in memory for the life of the process.
 */
@Injectable()
export class UploadOutcomes implements OnModuleDestroy {
  private readonly redis: Redis;
  private readonly prefix: string;

  constructor(@Inject(APP_CONFIG) config: Pick<AppConfig, 'REDIS_URL' | 'REDIS_PREFIX'>) {
    ({ redis: this.redis, prefix: this.prefix } = openRedis(config, REDIS_KEY_SPACES.uploadOutcomes));
  }

  async succeeded(uploadId: string, username: string, result: UploadResult): Promise<void> {
    await this.save(uploadId, { username, result });
  }

  async failed(uploadId: string, username: string, error: DomainError): Promise<void> {
    await this.save(uploadId, {
      username,
      error: { code: error.code, message: error.message },
    });
  }

  /** The outcome, or undefined when there is none (not finished, expired, or unknown id). */
  async of(uploadId: string): Promise<UploadOutcome | undefined> {
    const raw = await this.redis.get(this.prefix + uploadId);
    return raw ? (JSON.parse(raw) as UploadOutcome) : undefined;
  }

  onModuleDestroy(): Promise<void> {
    return closeRedis(this.redis);
  }

  private async save(uploadId: string, outcome: UploadOutcome): Promise<void> {
    await this.redis.set(this.prefix + uploadId, JSON.stringify(outcome), 'EX', UPLOAD_OUTCOME_TTL_SECONDS);
  }
}

/** The stored refusal as the error the caller receives. */
export function errorOfOutcome(error: { code: ErrorCode; message: string }): DomainError {
  return new DomainError(error.code, error.message);
}
