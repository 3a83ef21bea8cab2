import { Inject, Injectable } from '@nestjs/common';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { APP_CONFIG, type AppConfig } from '../config/config.module';

/** Seconds, from 5 ms to 10 s (the OTel HTTP buckets); a request or provider call beyond is an outage. */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10];
/** Seconds, from 50 ms to 1 h: jobs range from a record update to a long video's derivatives. */
const JOB_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1800, 3600];

/** One queue's backlog as the queue gauges report it (read from Redis at each scrape). */
export interface QueueBacklog {
  queue: string;
  counts: Record<string, number>;
  /** Age of the oldest job waiting to be picked up; null when none waits. */
  oldestWaitingAgeSeconds: number | null;
}

/**
 * The process's one Prometheus registry and every Paddock metric (docs/operations.md "Metrics"),
 * each labelled with the process role, so the api and worker processes are scraped apart.
 */
@Injectable()
export class Metrics {
  readonly registry = new Registry();

  readonly httpRequestDuration: Histogram<'method' | 'route' | 'status_code'>;
  readonly jobWait: Histogram<'queue' | 'job_name'>;
  readonly jobDuration: Histogram<'queue' | 'job_name' | 'outcome'>;
  readonly jobsFailed: Counter<'queue' | 'job_name' | 'error_code'>;
  readonly jobsRetried: Counter<'queue' | 'job_name' | 'error_code'>;
  readonly providerRequestDuration: Histogram<'operation' | 'outcome'>;

  constructor(@Inject(APP_CONFIG) config: Pick<AppConfig, 'PROCESS_ROLE'>) {
    this.registry.setDefaultLabels({ role: config.PROCESS_ROLE });
    collectDefaultMetrics({ register: this.registry });
    const registers = [this.registry];
    this.httpRequestDuration = new Histogram({
      name: 'http_server_request_duration_seconds',
      help: 'HTTP requests answered, by route template and status',
      labelNames: ['method', 'route', 'status_code'],
      buckets: REQUEST_BUCKETS,
      registers,
    });
    this.jobWait = new Histogram({
      name: 'paddock_job_wait_seconds',
      help: 'Time a job waited in its queue before its first attempt started',
      labelNames: ['queue', 'job_name'],
      buckets: JOB_BUCKETS,
      registers,
    });
    this.jobDuration = new Histogram({
      name: 'paddock_job_duration_seconds',
      help: 'Run time of one job attempt, by outcome (completed, failed, retrying)',
      labelNames: ['queue', 'job_name', 'outcome'],
      buckets: JOB_BUCKETS,
      registers,
    });
    this.jobsFailed = new Counter({
      name: 'paddock_jobs_failed_total',
      help: 'Jobs that failed for good (permanent error or last attempt), by error code',
      labelNames: ['queue', 'job_name', 'error_code'],
      registers,
    });
    this.jobsRetried = new Counter({
      name: 'paddock_jobs_retried_total',
      help: 'Job attempts that failed and will be retried, by error code',
      labelNames: ['queue', 'job_name', 'error_code'],
      registers,
    });
    this.providerRequestDuration = new Histogram({
      name: 'paddock_provider_request_duration_seconds',
      help: 'Calls to the provider, by operation and outcome (ok, thron_418, http_4xx, http_5xx, timeout, transport)',
      labelNames: ['operation', 'outcome'],
      buckets: REQUEST_BUCKETS,
      registers,
    });
  }

  /**
   * Adds the queue gauges, read through `backlog` at each scrape: counts kept from events would
   * drift after a crash. Only one process calls this, so the backlog is not reported twice.
   */
  observeQueues(backlog: () => Promise<QueueBacklog[]>): void {
    // One Redis read serves both gauges: the registry collects its metrics in parallel.
    let pending: Promise<QueueBacklog[]> | undefined;
    const read = () => (pending ??= backlog().finally(() => (pending = undefined)));
    const registers = [this.registry];
    new Gauge({
      name: 'paddock_queue_jobs',
      help: 'Jobs in each queue by state',
      labelNames: ['queue', 'state'],
      registers,
      async collect() {
        for (const { queue, counts } of await read())
          for (const [state, count] of Object.entries(counts)) this.set({ queue, state }, count);
      },
    });
    new Gauge({
      name: 'paddock_queue_oldest_waiting_age_seconds',
      help: 'Age of the oldest job waiting in each queue (0 when none waits)',
      labelNames: ['queue'],
      registers,
      async collect() {
        for (const { queue, oldestWaitingAgeSeconds } of await read())
          this.set({ queue }, oldestWaitingAgeSeconds ?? 0);
      },
    });
  }

  /** The exposition text of every metric (Prometheus text format 0.0.4). */
  text(): Promise<string> {
    return this.registry.metrics();
  }
}
