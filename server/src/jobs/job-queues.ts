import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { QUEUE_COUNT_STATES, type QueueStats } from '@paddock/rules';
import { Queue, type Job, type JobsOptions } from 'bullmq';
import { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../config/config.module';
import { ALL_QUEUES, bullOptionsOf, QUEUES, type QueueName } from './job-catalogue';
import { producerConnectionOptions } from '../common/redis/redis-connection';
import { currentCorrelationId } from '../common/correlation-id';

/** When a job became ready to run: a delayed job (a schedule's next run, a backoff) waits only from then. */
export function readyAt(job: { timestamp?: number; opts: { delay?: number } }): number | undefined {
  return job.timestamp === undefined ? undefined : job.timestamp + (job.opts.delay ?? 0);
}

/**
 * The producer side of every queue of the catalogue: one BullMQ `Queue` per queue, all sharing
 * one Redis connection of this process, closed on module destroy.
 */
@Injectable()
export class JobQueues implements OnModuleDestroy {
  private readonly logger = new Logger(JobQueues.name);
  private readonly connection: Redis;
  private readonly queues = new Map<QueueName, Queue>();

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.connection = new Redis(config.REDIS_URL, producerConnectionOptions());
    // BullMQ reports connection errors through each queue as well; one log line per cause is enough.
    this.connection.on('error', (err: Error) =>
      this.logger.warn({ err }, 'Redis connection error (job queues)'),
    );
    for (const name of ALL_QUEUES) {
      const queue = new Queue(name, {
        connection: this.connection,
        prefix: config.REDIS_PREFIX,
        defaultJobOptions: bullOptionsOf(QUEUES[name].policy),
      });
      queue.on('error', (err: Error) => this.logger.debug({ err, queue: name }, 'Queue error'));
      this.queues.set(name, queue);
    }
  }

  get(name: QueueName): Queue {
    const queue = this.queues.get(name);
    if (!queue) throw new Error(`Queue "${name}" is not in the job catalogue`);
    return queue;
  }

  /**
   * Adds a job; rejects at once while Redis is unreachable (no offline queue). The correlation id
   * of the request that enqueues rides in BullMQ's context-propagation slot, beside the payload
   * (which the catalogue keeps strict), for the worker to log the job under (JobRunner).
   */
  async enqueue(queue: QueueName, name: string, data: object, options: JobsOptions): Promise<void> {
    const correlationId = currentCorrelationId();
    await this.get(queue).add(
      name,
      data,
      correlationId ? { ...options, telemetry: { metadata: correlationId } } : options,
    );
  }

  /** BullMQ's counts by state for every queue of the catalogue (the dashboard's queue cards). */
  async stats(): Promise<QueueStats[]> {
    return Promise.all(
      ALL_QUEUES.map(async (queue) => {
        const bull = this.get(queue);
        // Prioritized jobs are waiting too, only in another list.
        const [raw, paused] = await Promise.all([
          bull.getJobCounts(...QUEUE_COUNT_STATES, 'prioritized'),
          bull.isPaused(),
        ]);
        const counts = Object.fromEntries(QUEUE_COUNT_STATES.map((state) => [state, raw[state] ?? 0]));
        counts.waiting += raw.prioritized ?? 0;
        return { queue, counts: counts as QueueStats['counts'], paused };
      }),
    );
  }

  /** When the oldest job waiting in `queue` became ready; undefined when none waits. */
  async oldestWaitingSince(queue: QueueName): Promise<number | undefined> {
    const [oldest] = await this.get(queue).getJobs(['wait'], 0, 0, true);
    return oldest && readyAt(oldest);
  }

  /** Redis answers on the producer connection (fails at once while it is down: no offline queue). */
  async ping(): Promise<void> {
    await this.connection.ping();
  }

  /** The BullMQ job behind a record; undefined once Redis no longer keeps it (retention). */
  async job(queue: QueueName, id: string): Promise<Job | undefined> {
    return this.get(queue).getJob(id);
  }

  async onModuleDestroy(): Promise<void> {
    await Promise.all([...this.queues.values()].map((q) => q.close()));
    // Shared connections are the owner's to close; BullMQ leaves them open.
    await this.connection.quit().catch(() => this.connection.disconnect());
  }
}
