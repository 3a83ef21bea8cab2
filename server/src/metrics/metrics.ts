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

/** prom-client default metrics that break Prometheus's naming rules. */
const LINT_REFUSED_DEFAULTS = [
  'nodejs_active_handles_total',
  'nodejs_active_requests_total',
  'nodejs_active_resources_total',
];

interface MetricSpec {
  name: string;
  help: string;
  labelNames: readonly string[];
}

/** Every histogram: a name, its help, its labels and its buckets, declared once. */
const HISTOGRAMS = {
  httpRequestDuration: {
    name: 'http_server_request_duration_seconds',
    help: 'HTTP requests answered, by route template and status',
    labelNames: ['method', 'route', 'status_code'],
    buckets: REQUEST_BUCKETS,
  },
  jobWait: {
    name: 'paddock_job_wait_seconds',
    help: 'Time a job waited in its queue before its first attempt started',
    labelNames: ['queue', 'job_name'],
    buckets: JOB_BUCKETS,
  },
  jobDuration: {
    name: 'paddock_job_duration_seconds',
    help: 'Run time of one job attempt, by outcome (completed, failed, retrying)',
    labelNames: ['queue', 'job_name', 'outcome'],
    buckets: JOB_BUCKETS,
  },
  providerRequestDuration: {
    name: 'paddock_provider_request_duration_seconds',
    help: 'Calls to the provider, by operation and outcome (ok, thron_418, http_4xx, http_5xx, timeout, transport)',
    labelNames: ['operation', 'outcome'],
    buckets: REQUEST_BUCKETS,
  },
} as const satisfies Record<string, MetricSpec & { buckets: readonly number[] }>;

/** Every counter and gauge recorded by events (the queue gauges are read at each scrape instead). */
const COUNTERS = {
  jobsFailed: {
    name: 'paddock_jobs_failed_total',
    help: 'Jobs that failed for good (permanent error or last attempt), by error code',
    labelNames: ['queue', 'job_name', 'error_code'],
  },
  jobsRetried: {
    name: 'paddock_jobs_retried_total',
    help: 'Job attempts that failed and will be retried, by error code',
    labelNames: ['queue', 'job_name', 'error_code'],
  },
  jobsStalled: {
    name: 'paddock_jobs_stalled_total',
    help: 'Jobs whose worker stopped renewing their lock (crashed or blocked), found by this process and run again',
    labelNames: ['queue'],
  },
  legalHoldKept: {
    name: 'paddock_legal_hold_kept_total',
    help: 'Contents a legal hold kept from a destructive act, by act (purge-junk counts each content a purge skipped)',
    labelNames: ['act'],
  },
} as const satisfies Record<string, MetricSpec>;

const GAUGES = {
  scheduleLastRun: {
    name: 'paddock_schedule_last_run_timestamp_seconds',
    help: 'When a schedule last ran in this process (Unix time), by outcome (completed, failed)',
    labelNames: ['schedule', 'outcome'],
  },
} as const satisfies Record<string, MetricSpec>;

type LabelsOf<S extends MetricSpec> = S['labelNames'][number];

/**
 * The process's one Prometheus registry and every Paddock metric (docs/operations.md "Metrics"),
 * each labelled with the process role, so the api and worker processes are scraped apart.
 */
@Injectable()
export class Metrics {
  readonly registry = new Registry();

  readonly httpRequestDuration = this.histogram('httpRequestDuration');
  readonly jobWait = this.histogram('jobWait');
  readonly jobDuration = this.histogram('jobDuration');
  readonly providerRequestDuration = this.histogram('providerRequestDuration');
  readonly jobsFailed = this.counter('jobsFailed');
  readonly jobsRetried = this.counter('jobsRetried');
  readonly jobsStalled = this.counter('jobsStalled');
  readonly legalHoldKept = this.counter('legalHoldKept');
  readonly scheduleLastRun = this.gauge('scheduleLastRun');

  constructor(@Inject(APP_CONFIG) config: Pick<AppConfig, 'PROCESS_ROLE'>) {
    this.registry.setDefaultLabels({ role: config.PROCESS_ROLE });
    collectDefaultMetrics({ register: this.registry });
    // Gauges named like counters, which `promtool check metrics` refuses; their per-type
    // siblings (`nodejs_active_handles{type}`, …) stay, and `sum()` gives the total.
    for (const name of LINT_REFUSED_DEFAULTS) this.registry.removeSingleMetric(name);
  }

  private histogram<K extends keyof typeof HISTOGRAMS>(key: K): Histogram<LabelsOf<(typeof HISTOGRAMS)[K]>> {
    const { labelNames, buckets, ...spec } = HISTOGRAMS[key];
    return new Histogram({
      ...spec,
      labelNames: [...labelNames],
      buckets: [...buckets],
      registers: [this.registry],
    });
  }

  private counter<K extends keyof typeof COUNTERS>(key: K): Counter<LabelsOf<(typeof COUNTERS)[K]>> {
    const { labelNames, ...spec } = COUNTERS[key];
    return new Counter({ ...spec, labelNames: [...labelNames], registers: [this.registry] });
  }

  private gauge<K extends keyof typeof GAUGES>(key: K): Gauge<LabelsOf<(typeof GAUGES)[K]>> {
    const { labelNames, ...spec } = GAUGES[key];
    return new Gauge({ ...spec, labelNames: [...labelNames], registers: [this.registry] });
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

  /**
   * Adds the gauge of external renditions still pending (docs/plates.md): blurred-rendition jobs
   * not finished, read at each scrape. While one is pending a share serves nothing of its image.
   */
  observePendingPlateRenditions(pending: () => Promise<number>): void {
    new Gauge({
      name: 'paddock_plate_renditions_pending_jobs',
      help: 'Jobs rendering the blurred renditions of external shares that are not finished (waiting, running or retrying)',
      registers: [this.registry],
      async collect() {
        this.set(await pending());
      },
    });
  }

  /** The exposition text of every metric (Prometheus text format 0.0.4). */
  text(): Promise<string> {
    return this.registry.metrics();
  }
}
