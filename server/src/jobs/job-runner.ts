import { Inject, Injectable, Logger } from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';
import { CLOCK, type Clock } from '../common/clock';
import { checkPayload, isJobName, JOBS, SYSTEM_ACTOR, type JobName, type QueueName } from './job-catalogue';
import { classifyJobError, JOB_ERROR_CODES, JobStoppedError, PermanentJobError } from './job-errors';
import type { JobContext, JobHandler } from './job-handler';
import { JobHandlerRegistry } from './job-handler.registry';
import type { JsonValue } from '../common/json';
import { saneCorrelationId, withCorrelationId } from '../common/correlation-id';
import { Metrics } from '../metrics/metrics';
import type { JobRecordStore } from './job-record';
import { readyAt } from './job-queues';
import { JobsRepository } from './jobs.repository';

/** The part of a BullMQ job the wrapper uses (a BullMQ `Job` satisfies it). */
export interface RunnableJob {
  id?: string;
  name: string;
  data: unknown;
  /** Attempts that ended before this one. */
  attemptsMade: number;
  /** Starts of the job, this one included; a worker that died with the job leaves one more than attempts. */
  attemptsStarted: number;
  /** When it was added, and when this attempt started (ms since the epoch). */
  timestamp?: number;
  processedOn?: number;
  opts: { attempts?: number; delay?: number; telemetry?: { metadata?: string } };
  /** The job scheduler (SCHEDULES id) that enqueued it, if one did. */
  repeatJobKey?: string;
  updateProgress(progress: number): Promise<void>;
}

/** Ends an attempt's metrics: its run time by outcome, and a failure's error code. */
type AttemptEnd = (outcome: 'completed' | 'failed' | 'retrying' | 'cancelled', errorCode?: string) => void;

/** Round-trips through JSON: what BullMQ and Postgres store is what watchers see. */
export function toJson(value: unknown): JsonValue {
  if (value === undefined) return null;
  return JSON.parse(JSON.stringify(value)) as JsonValue;
}

/**
 * The record-keeping wrapper around every handler: JobRecord follows the job (active →
 * progress → completed or failed), transient errors are rethrown so BullMQ retries with backoff,
 * permanent ones end the job at once as `UnrecoverableError`; no error is ever swallowed.
 */
@Injectable()
export class JobRunner {
  private readonly logger = new Logger(JobRunner.name);

  constructor(
    @Inject(JobsRepository) private readonly records: JobRecordStore,
    private readonly registry: JobHandlerRegistry,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly metrics: Metrics,
  ) {}

  /**
   * Runs the job under the correlation id of the request that enqueued it (JobQueues.enqueue), so
   * every line logged for it, its provider calls included, carries that id; a scheduled job goes
   * by its own id.
   */
  async run(queue: QueueName, job: RunnableJob): Promise<JsonValue> {
    const id = job.id;
    if (!id)
      throw new UnrecoverableError(`${JOB_ERROR_CODES.UNKNOWN_JOB}: a job of queue ${queue} has no id`);
    const correlationId = saneCorrelationId(job.opts.telemetry?.metadata) ?? `job-${id}`;
    return withCorrelationId(correlationId, () => this.runAttempt(id, queue, job));
  }

  private async runAttempt(id: string, queue: QueueName, job: RunnableJob): Promise<JsonValue> {
    // A worker killed after the record said completed but before BullMQ heard it: BullMQ runs the
    // job again (a stall). Its work is done, and doing it again could act on what came since (a
    // purge trashing junk that other work put there after it), so its recorded result stands.
    const done = await this.records.completedResult(id);
    if (done) {
      this.logger.warn({ jobId: id, job: job.name }, 'Job already completed: not run again');
      return done.result;
    }
    const attempt = job.attemptsMade + 1;
    // A job enqueued by a schedule has no record yet: this creates it.
    const record = await this.records.markActive({
      id,
      queue,
      name: job.name,
      payload: toJson(job.data ?? {}),
      createdBy: SYSTEM_ACTOR,
      attempt,
      startedAt: this.clock.now(),
    });
    const observe = this.observe(queue, job, attempt);
    this.logger.debug({ jobId: id, job: job.name, attempt }, 'Job started');
    try {
      const { handler, payload } = this.resolve(queue, job);
      const context = this.contextOf(id, record.createdBy, attempt, job);
      const result = toJson(await handler.handle(payload, context));
      await this.records.markCompleted(id, result, this.clock.now());
      observe('completed');
      this.logger.log({ jobId: id, job: job.name, attempt }, 'Job completed');
      return result;
    } catch (error) {
      if (error instanceof JobStoppedError) return await this.stopped(id, job, error, observe);
      return await this.fail(id, attempt, record.createdBy, job, error, observe);
    }
  }

  /**
   * Records the queue wait (first attempt only: a retry's includes the attempts before) and starts
   * the run timer; a schedule's run also stamps its last run, so a schedule that stopped shows.
   */
  private observe(queue: QueueName, job: RunnableJob, attempt: number): AttemptEnd {
    const labels = { queue, job_name: job.name };
    const ready = readyAt(job);
    if (attempt === 1 && ready !== undefined && job.processedOn !== undefined)
      this.metrics.jobWait.observe(labels, Math.max(0, job.processedOn - ready) / 1000);
    const timer = this.metrics.jobDuration.startTimer(labels);
    return (outcome, errorCode) => {
      timer({ outcome });
      if (outcome === 'failed') this.metrics.jobsFailed.inc({ ...labels, error_code: errorCode });
      if (outcome === 'retrying') this.metrics.jobsRetried.inc({ ...labels, error_code: errorCode });
      if (job.repeatJobKey && outcome !== 'retrying')
        this.metrics.scheduleLastRun.set(
          { schedule: job.repeatJobKey, outcome },
          this.clock.now().getTime() / 1000,
        );
    };
  }

  private resolve(
    queue: QueueName,
    job: RunnableJob,
  ): { handler: JobHandler; payload: Parameters<JobHandler['handle']>[0] } {
    const name = job.name;
    if (!isJobName(name) || JOBS[name].queue !== queue)
      throw new PermanentJobError(JOB_ERROR_CODES.UNKNOWN_JOB, `No job "${name}" in queue "${queue}"`);
    const handler = this.registry.handlerFor(name);
    if (!handler) throw new PermanentJobError(JOB_ERROR_CODES.UNKNOWN_JOB, `No handler for job "${name}"`);
    const checked = checkPayload<JobName>(name, job.data);
    if (!checked.ok)
      throw new PermanentJobError(
        JOB_ERROR_CODES.INVALID_PAYLOAD,
        `Invalid payload: ${checked.problems.join('; ')}`,
      );
    return { handler, payload: checked.payload };
  }

  private contextOf(id: string, actor: string, attempt: number, job: RunnableJob): JobContext {
    let last = -1;
    return {
      jobId: id,
      actor,
      attempt,
      startedBefore: job.attemptsStarted > 1,
      progress: async (percent: number) => {
        const value = Math.min(100, Math.max(0, Math.round(percent)));
        if (value === last) return;
        last = value;
        // The record first: a watcher woken by the event then reads a record at least as new.
        await this.records.markProgress(id, value);
        await job.updateProgress(value);
      },
      stopRequested: () => this.records.stopRequested(id),
    };
  }

  /**
   * The job stopped at its user's request (the ask was audited, its ledger wrote its counts):
   * recorded cancelled with those counts, and ended in
   * BullMQ without a retry (a retry would do what the user stopped).
   */
  private async stopped(
    id: string,
    job: RunnableJob,
    stop: JobStoppedError,
    observe: AttemptEnd,
  ): Promise<never> {
    const result = toJson(stop.result);
    await this.records.markStopped(id, result, this.clock.now());
    observe('cancelled');
    this.logger.log({ jobId: id, job: job.name }, "Job stopped at its user's request");
    throw new UnrecoverableError(`${id}: stopped at its user's request`);
  }

  /** Records the failure, then rethrows: never a swallowed job error (CONVENTIONS §6). */
  private async fail(
    id: string,
    attempt: number,
    actor: string,
    job: RunnableJob,
    error: unknown,
    observe: AttemptEnd,
  ): Promise<never> {
    const failure = classifyJobError(error);
    const final = failure.permanent || attempt >= (job.opts.attempts ?? 1);
    observe(final ? 'failed' : 'retrying', failure.code);
    // A handler's deliberate refusal (unreadable media, a missing tool) is told by its reason; a
    // stack trace is for what nobody expected.
    const cause = error instanceof PermanentJobError ? { reason: failure.message } : { err: error };
    this.logger.warn(
      { ...cause, jobId: id, job: job.name, attempt, errorCode: failure.code },
      final ? 'Job failed' : 'Job attempt failed, will retry',
    );
    try {
      if (final)
        await this.records.markFailed(
          id,
          { errorCode: failure.code, attempts: attempt, finishedAt: this.clock.now() },
          { jobId: id, actor, action: job.name, outcome: 'failure', errorCode: failure.code },
        );
      else await this.records.markRetrying(id, failure.code, attempt);
    } catch (recordError) {
      // The job's own error still reaches BullMQ below; the record catches up on the next attempt.
      this.logger.error({ err: recordError, jobId: id }, 'Could not record the failure of a job');
    }
    if (failure.permanent) throw new UnrecoverableError(`${failure.code}: ${failure.message}`);
    throw error instanceof Error ? error : new Error(String(error));
  }
}
