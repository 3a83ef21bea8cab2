import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { ERROR_CODES } from '@paddock/rules';
import { DomainError } from '../common/domain-error';
import type { JobViewer } from './actor';
import { CLOCK, type Clock } from '../common/clock';
import { checkPayload, jobOptionsOf, JobName, queueOf, type JobPayloads } from './job-catalogue';
import { JOB_ERROR_CODES } from './job-errors';
import { JobQueues } from './job-queues';
import type { AuditEntry, AuditWriter, JobFilter, JobView } from './job-record';
import { JobsRepository } from './jobs.repository';

export interface SubmitOptions {
  /** A caller-chosen id: submitting the same id again returns the first job (dedupe). */
  jobId?: string;
}

/** BullMQ refuses integer-looking custom ids, and ':' separates its keys. */
const JOB_ID = /^(?!\d+$)[A-Za-z0-9_.-]{1,128}$/;

/** What the service needs of JobsRepository. */
export type JobRecords = Pick<
  JobsRepository,
  'create' | 'find' | 'list' | 'markWaiting' | 'markUnqueued' | 'insertAudit'
>;

export const LIST_LIMIT = { default: 50, max: 200 } as const;

/** The one service that enqueues jobs (CONVENTIONS §6), reads their records and writes audit rows. */
@Injectable()
export class JobsService implements AuditWriter {
  private readonly logger = new Logger(JobsService.name);

  constructor(
    @Inject(JobsRepository) private readonly records: JobRecords,
    @Inject(JobQueues) private readonly queues: Pick<JobQueues, 'enqueue'>,
    @Inject(CLOCK) private readonly clock: Clock,
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
        'unavailable',
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

  /** Jobs newest first, for the admin dashboard. */
  async list(viewer: JobViewer, filter: Partial<JobFilter> = {}): Promise<JobView[]> {
    this.requireAdmin(viewer);
    const limit = Math.min(Math.max(filter.limit ?? LIST_LIMIT.default, 1), LIST_LIMIT.max);
    return this.records.list({ state: filter.state, limit });
  }

  /** An admin asks for the expired sessions to be purged now (the nightly schedule does it too). */
  async submitPurgeExpiredSessions(viewer: JobViewer): Promise<{ jobId: string }> {
    this.requireAdmin(viewer);
    return this.submit(JobName.PurgeExpiredSessions, {}, viewer.username);
  }

  /** Writes one audit row (used by job handlers). */
  async audit(entry: AuditEntry): Promise<void> {
    await this.records.insertAudit(entry);
  }

  private requireAdmin(viewer: JobViewer): void {
    if (!viewer.isAdmin) throw DomainError.forbidden('Administrators only');
  }
}
