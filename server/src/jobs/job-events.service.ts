import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { QueueEvents, type JobProgress } from 'bullmq';
import { Observable, type Subscriber } from 'rxjs';
import { APP_CONFIG, type AppConfig } from '../config/config.module';
import type { JobViewer } from './actor';
import { ALL_QUEUES, type QueueName } from './job-catalogue';
import type { JsonValue } from '../common/json';
import { TERMINAL_JOB_STATES, type JobState, type JobView } from './job-record';
import { JobsService } from './jobs.service';
import { blockingConnectionOf } from '../common/redis/redis-connection';

/** One message of a job's live stream (the `data:` of each SSE event). */
export interface JobEvent {
  jobId: string;
  state: JobState;
  progress: number;
  result?: JsonValue;
  errorCode?: string;
}

export function toJobEvent(job: JobView): JobEvent {
  const event: JobEvent = { jobId: job.id, state: job.state, progress: job.progress };
  if (job.state === 'completed' && job.result !== null) event.result = job.result;
  if (job.errorCode) event.errorCode = job.errorCode;
  return event;
}

type Signal = { kind: 'progress'; progress: number } | { kind: 'changed' };

interface Watcher {
  signal(signal: Signal): void;
  end(): void;
}

/** Even with no event at all, a stream re-reads its job this often (and so cannot miss the end). */
export const RECHECK_MS = 15_000;

function isQueueName(name: string): name is QueueName {
  return (ALL_QUEUES as readonly string[]).includes(name);
}

/**
 * Whether `next` would move a running job's bar backwards: a progress signal queued while the
 * record was read afresh is older than that read (seen on a loaded machine: 0, 100, 45, 91, 99).
 * A retry passes through another state first, so its bar starts again from 0.
 */
function goesBack(previous: JobEvent | undefined, next: JobEvent): boolean {
  return previous?.state === 'active' && next.state === 'active' && next.progress < previous.progress;
}

function percentOf(data: JobProgress): number | undefined {
  return typeof data === 'number' && Number.isFinite(data) ? data : undefined;
}

/**
 * Live job progress for SSE, fed by BullMQ QueueEvents: one QueueEvents per queue and process,
 * opened on first use and shared by every watcher; the job record stays the source of truth.
 */
@Injectable()
export class JobEventsService implements OnModuleDestroy {
  private readonly logger = new Logger(JobEventsService.name);
  private readonly queueEvents = new Map<QueueName, { events: QueueEvents; ready: Promise<void> }>();
  private readonly watchers = new Map<string, Set<Watcher>>();
  private readonly settledWatchers = new Map<QueueName, Set<Subscriber<void>>>();
  private closing = false;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly jobs: JobsService,
  ) {}

  /** The stream of a job `viewer` may see (404/403 before any byte is sent). */
  async open(jobId: string, viewer: JobViewer): Promise<Observable<JobEvent>> {
    await this.jobs.getFor(jobId, viewer);
    return this.watch(jobId);
  }

  /**
   * The job's current state first, then every change, completing after 'completed' or 'failed'.
   * Unsubscribing removes its listener.
   */
  watch(jobId: string): Observable<JobEvent> {
    return new Observable<JobEvent>((subscriber) => {
      let stopped = false;
      let last: JobEvent | undefined;
      let chain = Promise.resolve();
      const emit = (event: JobEvent) => {
        if (stopped || JSON.stringify(event) === JSON.stringify(last) || goesBack(last, event)) return;
        last = event;
        subscriber.next(event);
        if (TERMINAL_JOB_STATES.has(event.state)) subscriber.complete();
      };
      const refresh = async () => emit(toJobEvent(await this.jobs.get(jobId)));
      // One step at a time, in arrival order, so an older read never overtakes a newer one.
      const enqueue = (step: () => Promise<void>) => {
        chain = chain
          .then(() => (stopped ? undefined : step()))
          .catch((err: unknown) => subscriber.error(err));
      };
      const watcher: Watcher = {
        signal: (signal) =>
          enqueue(
            signal.kind === 'progress'
              ? async () => emit({ jobId, state: 'active', progress: signal.progress })
              : refresh,
          ),
        end: () => subscriber.complete(),
      };
      const timer = setInterval(() => enqueue(refresh), RECHECK_MS);
      enqueue(async () => {
        if (this.closing) return subscriber.complete();
        const job = await this.jobs.get(jobId);
        emit(toJobEvent(job));
        // Shut down while the record was read: no new watcher, no new reader.
        if (this.closing) return subscriber.complete();
        this.addWatcher(jobId, watcher);
        if (TERMINAL_JOB_STATES.has(job.state) || !isQueueName(job.queue)) return;
        await this.eventsOf(job.queue);
        // Anything that happened while the event reader was starting.
        if (!this.closing) await refresh();
      });
      return () => {
        stopped = true;
        clearInterval(timer);
        this.removeWatcher(jobId, watcher);
      };
    });
  }

  /**
   * A signal each time a job of `queue` ends (completed or failed) or reports progress, whatever the
   * job: for streams that re-read what such jobs change (a content's derivatives, which a job may
   * publish before it ends — a photo's thumb). Ends when the process shuts down.
   */
  settled(queue: QueueName): Observable<void> {
    return new Observable<void>((subscriber) => {
      if (this.closing) return subscriber.complete();
      let set = this.settledWatchers.get(queue);
      if (!set) this.settledWatchers.set(queue, (set = new Set()));
      set.add(subscriber);
      this.eventsOf(queue).catch((err: unknown) => subscriber.error(err));
      return () => set.delete(subscriber);
    });
  }

  private signalSettled(queue: QueueName): void {
    for (const watcher of [...(this.settledWatchers.get(queue) ?? [])]) watcher.next();
  }

  /** Open streams in this process (each unsubscribe, client gone or stream ended, removes one). */
  watcherCount(): number {
    let count = 0;
    for (const set of this.watchers.values()) count += set.size;
    return count;
  }

  async onModuleDestroy(): Promise<void> {
    this.closing = true;
    // Ends open streams, so HTTP shutdown does not wait for their clients.
    for (const set of [...this.watchers.values()]) for (const watcher of [...set]) watcher.end();
    for (const set of [...this.settledWatchers.values()]) for (const watcher of [...set]) watcher.complete();
    await Promise.all([...this.queueEvents.values()].map(({ events }) => events.close()));
    this.queueEvents.clear();
  }

  private addWatcher(jobId: string, watcher: Watcher): void {
    let set = this.watchers.get(jobId);
    if (!set) this.watchers.set(jobId, (set = new Set()));
    set.add(watcher);
  }

  private removeWatcher(jobId: string, watcher: Watcher): void {
    const set = this.watchers.get(jobId);
    if (!set) return;
    set.delete(watcher);
    if (!set.size) this.watchers.delete(jobId);
  }

  private dispatch(jobId: string, signal: Signal): void {
    const set = this.watchers.get(jobId);
    if (set) for (const watcher of [...set]) watcher.signal(signal);
  }

  private eventsOf(queue: QueueName): Promise<void> {
    const existing = this.queueEvents.get(queue);
    if (existing) return existing.ready;
    if (this.closing) return Promise.resolve();
    const events = new QueueEvents(queue, {
      connection: blockingConnectionOf(this.config),
      prefix: this.config.REDIS_PREFIX,
    });
    events.on('error', (err: Error) => this.logger.warn({ err, queue }, 'Queue events error'));
    events.on('progress', ({ jobId, data }) => {
      const progress = percentOf(data);
      this.dispatch(jobId, progress === undefined ? { kind: 'changed' } : { kind: 'progress', progress });
      this.signalSettled(queue);
    });
    const changed = ({ jobId }: { jobId: string }) => this.dispatch(jobId, { kind: 'changed' });
    events.on('active', changed);
    events.on('delayed', changed);
    events.on('waiting', changed);
    const settled = ({ jobId }: { jobId: string }) => {
      changed({ jobId });
      this.signalSettled(queue);
    };
    events.on('completed', settled);
    events.on('failed', settled);
    const ready = events.waitUntilReady();
    this.queueEvents.set(queue, { events, ready });
    return ready;
  }
}
