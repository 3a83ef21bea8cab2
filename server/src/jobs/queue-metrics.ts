import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { CLOCK, type Clock } from '../common/clock';
import { Metrics, type QueueBacklog } from '../metrics/metrics';
import { ALL_QUEUES } from './job-catalogue';
import { JobQueues } from './job-queues';

/** Reports every queue's backlog (counts by state, oldest waiting job) from Redis at each scrape. */
@Injectable()
export class QueueMetrics implements OnModuleInit {
  constructor(
    private readonly metrics: Metrics,
    private readonly queues: JobQueues,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    this.metrics.observeQueues(() => this.backlog());
  }

  private async backlog(): Promise<QueueBacklog[]> {
    const [stats, oldest] = await Promise.all([
      this.queues.stats(),
      Promise.all(ALL_QUEUES.map(async (q) => [q, await this.queues.oldestWaitingSince(q)] as const)),
    ]);
    const since = new Map<string, number | undefined>(oldest);
    const now = this.clock.now().getTime();
    return stats.map(({ queue, counts }) => {
      const ready = since.get(queue);
      return {
        queue,
        counts,
        oldestWaitingAgeSeconds: ready === undefined ? null : Math.max(0, now - ready) / 1000,
      };
    });
  }
}
