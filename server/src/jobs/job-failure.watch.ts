import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { ERROR_CODES, type ErrorCode } from '@paddock/rules';
import { QueueEvents } from 'bullmq';
import { APP_CONFIG, type AppConfig } from '../config/config.module';
import { CLOCK, type Clock } from '../common/clock';
import { ALL_QUEUES } from './job-catalogue';
import { JOB_ERROR_CODES } from './job-errors';
import { JobsRepository } from './jobs.repository';
import { blockingConnectionOf } from '../common/redis/redis-connection';

/** The failure code of a job BullMQ failed on its own, from its failed reason. */
export function codeOfFailedReason(failedReason: string): ErrorCode {
  return /stalled/i.test(failedReason) ? JOB_ERROR_CODES.STALLED : ERROR_CODES.INTERNAL;
}

/**
 * Keeps records true when BullMQ fails a job without the wrapper: a job whose worker died
 * mid-run more than `maxStalledCount` times (research §2a). Listens to each queue's 'failed'
 * events in worker processes; jobs the wrapper already recorded are left alone.
 */
@Injectable()
export class JobFailureWatch implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(JobFailureWatch.name);
  private readonly events: QueueEvents[] = [];

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(JobsRepository) private readonly records: Pick<JobsRepository, 'settleFailed'>,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  onApplicationBootstrap(): void {
    for (const queue of ALL_QUEUES) {
      const events = new QueueEvents(queue, {
        connection: blockingConnectionOf(this.config),
        prefix: this.config.REDIS_PREFIX,
      });
      events.on('error', (err: Error) => this.logger.warn({ err, queue }, 'Queue events error'));
      events.on('failed', ({ jobId, failedReason }) => void this.settle(jobId, failedReason));
      this.events.push(events);
    }
  }

  /** Records the failure unless the job's record has ended already. Never throws (an event handler). */
  async settle(jobId: string, failedReason: string): Promise<void> {
    try {
      const code = codeOfFailedReason(failedReason);
      if (await this.records.settleFailed(jobId, code, this.clock.now()))
        this.logger.warn({ jobId, errorCode: code, failedReason }, 'Job failed outside its handler');
    } catch (err) {
      this.logger.error({ err, jobId }, 'Could not record the failure of a job');
    }
  }

  async onModuleDestroy(): Promise<void> {
    await Promise.all(this.events.map((e) => e.close()));
  }
}
