import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { BullRegistrar } from '@nestjs/bullmq';
import { jobOptionsOf, jobsOfQueue, queueOf, SCHEDULES, type QueueName } from './job-catalogue';
import { JobHandlerFor, type JobHandler } from './job-handler';
import { JobHandlerRegistry, type HandlerEntry } from './job-handler.registry';
import { JobQueues } from './job-queues';
import { WORKER_QUEUES } from './worker-queues';

/**
 * Starts the workers of a worker process, in order: collect the `@JobHandlerFor` providers,
 * refuse to boot when a job of its queues has no handler, then start the BullMQ workers
 * (manual registration), then upsert the schedules.
 */
@Injectable()
export class JobWorkersBootstrap implements OnModuleInit, OnApplicationBootstrap {
  private readonly logger = new Logger(JobWorkersBootstrap.name);

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly registry: JobHandlerRegistry,
    private readonly registrar: BullRegistrar,
    private readonly queues: JobQueues,
    @Inject(WORKER_QUEUES) private readonly workerQueues: readonly QueueName[],
  ) {}

  onModuleInit(): void {
    const entries: HandlerEntry[] = this.discovery
      .getProviders({ metadataKey: JobHandlerFor.KEY })
      .flatMap((wrapper) => {
        const name = this.discovery.getMetadataByDecorator(JobHandlerFor, wrapper);
        const handler = wrapper.instance as JobHandler | undefined;
        return name && handler ? [{ name, handler, source: wrapper.name }] : [];
      });
    this.registry.register(entries);
    this.registry.assertComplete(this.workerQueues.flatMap(jobsOfQueue));
    this.registrar.register();
  }

  /** Schedules only enqueue; a job scheduler id fires once however many workers upsert it. */
  async onApplicationBootstrap(): Promise<void> {
    for (const schedule of SCHEDULES.filter((s) => this.workerQueues.includes(queueOf(s.job)))) {
      await this.queues
        .get(queueOf(schedule.job))
        .upsertJobScheduler(
          schedule.id,
          { pattern: schedule.pattern, tz: schedule.tz },
          { name: schedule.job, data: schedule.payload, opts: jobOptionsOf(schedule.job) },
        );
      this.logger.log(`Schedule ${schedule.id}: ${schedule.job} at "${schedule.pattern}" (${schedule.tz})`);
    }
  }
}
