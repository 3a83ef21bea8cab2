import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  DASHBOARD_PAGE,
  ERROR_CODES,
  FAILURE_RATE_WINDOW_MINUTES,
  JOB_ADMIN_ACTIONS,
  MY_JOBS_PAGE,
  type QueueOutcomesResponse,
  type QueueStats,
} from '@paddock/rules';
import type { Job } from 'bullmq';
import { AuditRepository } from '../audit/audit.repository';
import { DomainError } from '../common/domain-error';
import type { JobViewer } from './actor';
import { CLOCK, type Clock } from '../common/clock';
import { decodeCursor, encodeCursor } from '../common/page-cursor';
import {
  checkPayload,
  isJobName,
  jobOptionsOf,
  JobName,
  queueOf,
  ALL_QUEUES,
  type JobPayloads,
} from './job-catalogue';
import { JOB_ERROR_CODES } from './job-errors';
import { itemIdsOf, onlyItems, STOPPABLE_JOBS } from './job-items';
import { JobQueues } from './job-queues';
import { TERMINAL_JOB_STATES, type JobFilter, type JobView } from './job-record';
import { JobsRepository } from './jobs.repository';

export interface SubmitOptions {
  /** A caller-chosen id: submitting the same id again returns the first job (dedupe). */
  jobId?: string;
  /** The job whose failed items this one runs again. */
  retryOf?: string;
}

/** BullMQ refuses integer-looking custom ids, and ':' separates its keys. */
const JOB_ID = /^(?!\d+$)[A-Za-z0-9_.-]{1,128}$/;

/** What the service needs of JobsRepository. */
export type JobRecords = Pick<
  JobsRepository,
  | 'create'
  | 'find'
  | 'list'
  | 'markWaiting'
  | 'markUnqueued'
  | 'markRetried'
  | 'markCancelled'
  | 'requestStop'
  | 'outcomesSince'
>;

/** What the service reads of the ledger: a job's per-asset outcomes. */
export type JobOutcomes = Pick<AuditRepository, 'assetOutcomesOf'>;

export const LIST_LIMIT = DASHBOARD_PAGE;

/** What the dashboard's job list asks for; `cursor` is the previous page's `nextCursor`. */
export interface JobListQuery {
  state?: JobFilter['state'];
  queue?: string;
  name?: string;
  actor?: string;
  limit?: number;
  cursor?: string;
}

/** BullMQ states in which a job has not started: removing it then is safe. */
const NOT_STARTED: ReadonlySet<string> = new Set(['waiting', 'delayed', 'prioritized', 'paused']);

/** The one service that enqueues jobs (CONVENTIONS §6) and reads their records. */
@Injectable()
export class JobsService {
  private readonly logger = new Logger(JobsService.name);

  constructor(
    @Inject(JobsRepository) private readonly records: JobRecords,
    @Inject(JobQueues) private readonly queues: Pick<JobQueues, 'enqueue' | 'stats' | 'job'>,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(AuditRepository) private readonly outcomes: JobOutcomes,
  ) {}

  /** Records the job (state 'waiting') and enqueues it with the record id as BullMQ job id. */
  async submit<N extends JobName>(
    name: N,
    payload: JobPayloads[N],
    actor: string,
    options: SubmitOptions = {},
  ): Promise<{ jobId: string }> {
    const checked = checkPayload(name, payload);
    if (!checked.ok) throw DomainError.invalid(`Invalid payload for job ${name}`, checked.problems);
    if (options.jobId !== undefined && !JOB_ID.test(options.jobId))
      throw DomainError.invalid(`Invalid job id "${options.jobId}"`);
    const jobId = options.jobId ?? randomUUID();
    const queue = queueOf(name);
    const created = await this.records.create({
      id: jobId,
      queue,
      name,
      payload: checked.payload,
      createdBy: actor,
      ...(options.retryOf === undefined ? {} : { retryOf: options.retryOf }),
    });
    if (!created) {
      const existing = await this.records.find(jobId);
      // Only a job that never reached Redis is enqueued again; any other is the same job.
      if (existing?.errorCode !== JOB_ERROR_CODES.QUEUE_UNAVAILABLE) return { jobId };
      await this.records.markWaiting(jobId);
    }
    try {
      await this.queues.enqueue(queue, name, checked.payload, { ...jobOptionsOf(name), jobId });
    } catch (err) {
      this.logger.error({ err, jobId, job: name }, 'Could not enqueue a job');
      await this.records.markUnqueued(jobId, JOB_ERROR_CODES.QUEUE_UNAVAILABLE, this.clock.now());
      throw new DomainError(
        ERROR_CODES.JOB_QUEUE_UNAVAILABLE,
        'Background jobs are unavailable, try again shortly',
      );
    }
    return { jobId };
  }

  /** The record of a job: state, progress, attempts, result, error code, timestamps. */
  async get(jobId: string): Promise<JobView> {
    const job = await this.records.find(jobId);
    if (!job) throw DomainError.notFound('No such job');
    return job;
  }

  /** A job as `viewer` may see it: its submitter or an admin; 404 when unknown, 403 otherwise. */
  async getFor(jobId: string, viewer: JobViewer): Promise<JobView> {
    const job = await this.get(jobId);
    if (!viewer.isAdmin && job.createdBy !== viewer.username) throw DomainError.forbidden('Not your job');
    return job;
  }

  /** Jobs newest first, for the admin dashboard, a page at a time. */
  async list(
    viewer: JobViewer,
    query: JobListQuery = {},
  ): Promise<{ items: JobView[]; nextCursor: string | null }> {
    this.requireAdmin(viewer);
    const limit = Math.min(Math.max(query.limit ?? LIST_LIMIT.default, 1), LIST_LIMIT.max);
    return this.page(
      { state: query.state, queue: query.queue, name: query.name, createdBy: query.actor },
      query.cursor,
      limit,
    );
  }

  /** The caller's own jobs, newest first, a page at a time ("My jobs": every role has it). */
  async mine(
    viewer: JobViewer,
    query: Pick<JobListQuery, 'limit' | 'cursor'> = {},
  ): Promise<{ items: JobView[]; nextCursor: string | null }> {
    const limit = Math.min(Math.max(query.limit ?? MY_JOBS_PAGE.default, 1), MY_JOBS_PAGE.max);
    return this.page({ createdBy: viewer.username }, query.cursor, limit);
  }

  /** One page of job records, newest first, and the cursor of the next when this one is full. */
  private async page(
    filter: Omit<Parameters<JobRecords['list']>[0], 'before' | 'limit'>,
    cursor: string | undefined,
    limit: number,
  ): Promise<{ items: JobView[]; nextCursor: string | null }> {
    const items = await this.records.list({
      ...filter,
      before: cursor === undefined ? undefined : decodeCursor(cursor),
      limit,
    });
    const last = items.at(-1);
    const nextCursor =
      items.length === limit && last ? encodeCursor({ at: last.createdAt, id: last.id }) : null;
    return { items, nextCursor };
  }

  /**
   * "Retry the failed items": a new job of the same kind over only the contents of an ended job
   * that did not end well (failed, or never reached: the ledger's own count of failed), linked to
   * it. Its submitter or an administrator; the new job is the caller's.
   */
  async retryFailed(jobId: string, viewer: JobViewer): Promise<JobView> {
    const record = await this.getFor(jobId, viewer);
    if (!TERMINAL_JOB_STATES.has(record.state))
      throw new DomainError(
        ERROR_CODES.JOB_STILL_RUNNING,
        `The job is ${record.state}: its failed items can be retried once it has ended`,
      );
    const name = record.name;
    const checked = isJobName(name) ? checkPayload(name, record.payload) : null;
    const ids = checked?.ok ? itemIdsOf(name as JobName, checked.payload) : null;
    if (!checked?.ok || ids === null) throw this.noFailedItems('it does not work asset by asset');
    const ended = new Map((await this.outcomes.assetOutcomesOf(jobId)).map((o) => [o.contentId, o.outcome]));
    const failed = new Set(ids.filter((id) => (ended.get(id) ?? 'failed') === 'failed'));
    if (!failed.size) throw this.noFailedItems('none of its items failed');
    const payload = onlyItems(name as JobName, checked.payload, failed);
    if (!payload) throw this.noFailedItems('it does not work asset by asset');
    const { jobId: retryId } = await this.submit(name as JobName, payload, viewer.username, {
      retryOf: jobId,
    });
    return this.get(retryId);
  }

  /** Counts by state of every queue (administrators). */
  async queueStats(viewer: JobViewer): Promise<QueueStats[]> {
    this.requireAdmin(viewer);
    return this.queues.stats();
  }

  /** Jobs completed and failed in the last FAILURE_RATE_WINDOW_MINUTES, per queue (administrators). */
  async recentOutcomes(viewer: JobViewer): Promise<QueueOutcomesResponse> {
    this.requireAdmin(viewer);
    const since = new Date(this.clock.now().getTime() - FAILURE_RATE_WINDOW_MINUTES * 60_000);
    const groups = await this.records.outcomesSince(since);
    const countOf = (queue: string, state: string) =>
      groups.find((g) => g.queue === queue && g.state === state)?.count ?? 0;
    return {
      windowMinutes: FAILURE_RATE_WINDOW_MINUTES,
      items: ALL_QUEUES.map((queue) => ({
        queue,
        completed: countOf(queue, 'completed'),
        failed: countOf(queue, 'failed'),
      })),
    };
  }

  /**
   * Runs a failed job again (administrators): BullMQ's own retry while Redis still keeps the job,
   * otherwise the recorded payload enqueued anew under the same id. A retry is one more attempt:
   * the attempts count goes on from where it stopped.
   */
  async retry(jobId: string, viewer: JobViewer): Promise<JobView> {
    this.requireAdmin(viewer);
    const record = await this.get(jobId);
    if (record.state !== 'failed') throw this.notRetryable(`The job is ${record.state}, not failed`);
    const name = record.name;
    if (!isJobName(name)) throw this.notRetryable(`No job "${name}" in the catalogue`);
    const job = await this.queuedJobOf(record);
    if (job && (await job.getState()) !== 'failed')
      throw this.notRetryable('The job is not failed in its queue');
    // Without its BullMQ job (gone from Redis), the recorded payload is enqueued again.
    const checked = job ? null : checkPayload(name, record.payload);
    if (checked && !checked.ok)
      throw this.notRetryable(`Its payload is no longer valid: ${checked.problems.join('; ')}`);
    // The record first: a worker that takes the job at once then finds it waiting, not failed.
    const marked = await this.records.markRetried(jobId, record.updatedAt, {
      jobId,
      actor: viewer.username,
      action: JOB_ADMIN_ACTIONS.retry,
      before: { state: record.state, errorCode: record.errorCode, attempts: record.attempts },
      outcome: 'success',
    });
    if (!marked) throw this.notRetryable('The job changed meanwhile');
    try {
      if (job) await job.retry('failed');
      else if (checked?.ok)
        await this.queues.enqueue(queueOf(name), name, checked.payload, { ...jobOptionsOf(name), jobId });
    } catch (error) {
      await this.records.markUnqueued(
        jobId,
        record.errorCode ?? JOB_ERROR_CODES.QUEUE_UNAVAILABLE,
        this.clock.now(),
      );
      throw error;
    }
    return this.get(jobId);
  }

  /**
   * Cancels a job (its submitter or an administrator). One that has not started is removed from
   * its queue and recorded 'cancelled'. One running over assets is asked to stop: it ends
   * 'cancelled' before its next asset, those done staying done; any other running job is refused,
   * as it cannot be stopped safely mid-way.
   */
  async cancel(jobId: string, viewer: JobViewer): Promise<JobView> {
    const record = await this.getFor(jobId, viewer);
    if (record.state === 'active') return this.stop(record, viewer);
    if (record.state !== 'waiting' && record.state !== 'retrying') throw this.notCancellable(record.state);
    const job = await this.queuedJobOf(record);
    if (job) {
      const state = await job.getState();
      if (!NOT_STARTED.has(state)) throw this.notCancellable(state);
      // BullMQ refuses to remove a job a worker has just locked: that is a running job too.
      await job.remove().catch(() => {
        throw this.notCancellable('active');
      });
    }
    const cancelled = await this.records.markCancelled(jobId, this.clock.now(), {
      jobId,
      actor: viewer.username,
      action: JOB_ADMIN_ACTIONS.cancel,
      before: { state: record.state },
      outcome: 'success',
    });
    if (!cancelled) throw this.notCancellable((await this.get(jobId)).state);
    return this.get(jobId);
  }

  private async stop(record: JobView, viewer: JobViewer): Promise<JobView> {
    if (!STOPPABLE_JOBS.has(record.name)) throw this.notCancellable('active');
    const asked = await this.records.requestStop(record.id, this.clock.now(), {
      jobId: record.id,
      actor: viewer.username,
      action: JOB_ADMIN_ACTIONS.cancel,
      before: { state: record.state, progress: record.progress },
      outcome: 'success',
    });
    if (!asked) throw this.notCancellable((await this.get(record.id)).state);
    return this.get(record.id);
  }

  private noFailedItems(why: string): DomainError {
    return new DomainError(ERROR_CODES.JOB_NO_FAILED_ITEMS, `This job has no failed items to retry: ${why}`);
  }

  /** An admin asks for the expired sessions to be purged now (the nightly schedule does it too). */
  async submitPurgeExpiredSessions(viewer: JobViewer): Promise<{ jobId: string }> {
    this.requireAdmin(viewer);
    return this.submit(JobName.PurgeExpiredSessions, {}, viewer.username);
  }

  /** An admin asks for the junk purge now (the nightly schedule does it too), e.g. after releasing a hold. */
  async submitPurgeJunk(viewer: JobViewer): Promise<{ jobId: string }> {
    this.requireAdmin(viewer);
    return this.submit(JobName.PurgeJunk, {}, viewer.username);
  }

  /** An admin asks for the rights notices now (the daily schedule does it too; docs/rights-notices.md). */
  async submitRightsNotices(viewer: JobViewer): Promise<{ jobId: string }> {
    this.requireAdmin(viewer);
    return this.submit(JobName.RightsNotices, {}, viewer.username);
  }

  /** The job as Redis keeps it, if it still does. */
  private async queuedJobOf(record: JobView): Promise<Job | undefined> {
    const queue = ALL_QUEUES.find((name) => name === record.queue);
    return queue ? this.queues.job(queue, record.id) : undefined;
  }

  private notRetryable(why: string): DomainError {
    return new DomainError(ERROR_CODES.JOB_NOT_RETRYABLE, `Only a failed job can be retried: ${why}`);
  }

  private notCancellable(state: string): DomainError {
    const why =
      state === 'active' ? 'it is running, and this job cannot be stopped safely mid-way' : `it is ${state}`;
    return new DomainError(
      ERROR_CODES.JOB_NOT_CANCELLABLE,
      `Only a job that has not started can be cancelled: ${why}`,
    );
  }

  private requireAdmin(viewer: JobViewer): void {
    if (!viewer.isAdmin) throw DomainError.forbidden('Administrators only');
  }
}
