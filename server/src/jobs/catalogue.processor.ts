import { Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { OnWorkerEvent, WorkerHost } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import type { QueueName } from './job-catalogue';
import type { JsonValue } from '../common/json';
import { JobRunner } from './job-runner';
import { Metrics } from '../metrics/metrics';

/**
 * What every queue's processor is: the record-keeping `JobRunner` around the catalogue's handlers.
 * A queue's processor only names its queue:
 *
 *   @Processor(QueueName.X, workerOptionsOf(QueueName.X))
 *   export class XProcessor extends CatalogueProcessor { readonly queue = QueueName.X; }
 */
@Injectable()
export abstract class CatalogueProcessor extends WorkerHost implements OnModuleDestroy {
  abstract readonly queue: QueueName;
  private readonly logger = new Logger(CatalogueProcessor.name);

  constructor(
    private readonly runner: JobRunner,
    private readonly metrics: Metrics,
  ) {
    super();
  }

  process(job: Job): Promise<JsonValue> {
    return this.runner.run(this.queue, job);
  }

  @OnWorkerEvent('error')
  onWorkerError(err: Error): void {
    this.logger.warn({ err, queue: this.queue }, 'Worker error');
  }

  /** A worker died or blocked past its lock: BullMQ hands the job to a worker again (or fails it). */
  @OnWorkerEvent('stalled')
  onStalled(jobId: string): void {
    this.metrics.jobsStalled.inc({ queue: this.queue });
    this.logger.warn({ jobId, queue: this.queue }, 'Job stalled, its lock was lost');
  }

  /** Lets running jobs finish while the database is still connected (it disconnects later). */
  async onModuleDestroy(): Promise<void> {
    let worker;
    try {
      worker = this.worker;
    } catch {
      return; // never started (boot failed before registration)
    }
    await worker.close();
  }
}
