import { Injectable } from '@nestjs/common';
import type { JobErrorCode } from '@paddock/rules';
import { AuditRepository } from '../audit/audit.repository';
import type { AuditEntry } from '../audit/audit-record';
import { HubPrismaService } from '../database/hub-prisma.service';
import type { JsonValue } from '../common/json';
import { jsonInput } from '../database/json-input';
import type { JobRecord } from '../generated/hub/client';
import {
  JOB_STATES,
  TERMINAL_JOB_STATES,
  type JobFilter,
  type JobRecordStore,
  type JobState,
  type JobView,
  type NewJobRecord,
} from './job-record';

/** Waiting, running or waiting for a retry: the states of a job not finished yet. */
const UNFINISHED_JOB_STATES: JobState[] = JOB_STATES.filter((s) => !TERMINAL_JOB_STATES.has(s));

function asJobState(state: string): JobState {
  return (JOB_STATES as readonly string[]).includes(state) ? (state as JobState) : 'failed';
}

function toJobView(row: JobRecord): JobView {
  return {
    id: row.id,
    queue: row.queue,
    name: row.name,
    state: asJobState(row.state),
    progress: row.progress,
    attempts: row.attempts,
    payload: row.payload as JsonValue,
    result: (row.result ?? null) as JsonValue,
    errorCode: row.errorCode,
    createdBy: row.createdBy,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    startedAt: row.startedAt,
    finishedAt: row.finishedAt,
    cancelRequested: row.cancelRequestedAt !== null,
    retryOf: row.retryOf,
  };
}

/**
 * JobRecord rows (the only jobs code that touches Prisma); the audit rows that must land with a
 * change of state are written by AuditRepository in the same transaction.
 */
@Injectable()
export class JobsRepository implements JobRecordStore {
  constructor(
    private readonly prisma: HubPrismaService,
    private readonly audit: AuditRepository,
  ) {}

  /** Creates a waiting record; false when one with this id exists already. */
  async create(record: NewJobRecord): Promise<boolean> {
    const { count } = await this.prisma.jobRecord.createMany({
      data: [{ ...record, payload: jsonInput(record.payload), state: 'waiting' satisfies JobState }],
      skipDuplicates: true,
    });
    return count === 1;
  }

  /**
   * How many `name` jobs each submitter recorded since `since`, and how many entries the payloads'
   * array `listKey` held across them: most jobs first, at most `limit` submitters.
   */
  countsBySubmitter(
    name: string,
    listKey: string,
    since: Date,
    limit: number,
  ): Promise<{ createdBy: string; jobs: number; listed: number }[]> {
    return this.prisma.$queryRaw`
      SELECT created_by AS "createdBy", count(*)::int AS jobs,
             coalesce(sum(jsonb_array_length(payload -> ${listKey}::text)), 0)::int AS listed
      FROM hub.job_record
      WHERE name = ${name} AND created_at >= ${since}
      GROUP BY created_by
      ORDER BY jobs DESC, listed DESC, created_by
      LIMIT ${limit}::int`;
  }

  /** How many `name` jobs are not finished: waiting, running or waiting for a retry. */
  async countUnfinished(name: string): Promise<number> {
    return this.prisma.jobRecord.count({ where: { name, state: { in: UNFINISHED_JOB_STATES } } });
  }

  async find(id: string): Promise<JobView | null> {
    const row = await this.prisma.jobRecord.findUnique({ where: { id } });
    return row ? toJobView(row) : null;
  }

  /** The ids among `ids` of jobs recorded and not finished, in one query however many are asked. */
  async unfinishedAmong(ids: readonly string[]): Promise<Set<string>> {
    if (!ids.length) return new Set();
    const rows = await this.prisma.jobRecord.findMany({
      where: { id: { in: [...ids] }, state: { in: UNFINISHED_JOB_STATES } },
      select: { id: true },
    });
    return new Set(rows.map((r) => r.id));
  }

  async list(filter: JobFilter): Promise<JobView[]> {
    const before = filter.before;
    const rows = await this.prisma.jobRecord.findMany({
      where: {
        state: filter.state,
        queue: filter.queue,
        name: filter.name,
        createdBy: filter.createdBy,
        ...(before && {
          OR: [{ createdAt: { lt: before.at } }, { createdAt: before.at, id: { lt: before.id } }],
        }),
      },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: filter.limit,
    });
    return rows.map(toJobView);
  }

  /** Jobs finished since `since`, completed or failed, counted by queue (the dashboard's failure rate). */
  async outcomesSince(since: Date): Promise<{ queue: string; state: string; count: number }[]> {
    const groups = await this.prisma.jobRecord.groupBy({
      by: ['queue', 'state'],
      where: { finishedAt: { gte: since }, state: { in: ['completed', 'failed'] satisfies JobState[] } },
      _count: { _all: true },
    });
    return groups.map((g) => ({ queue: g.queue, state: g.state, count: g._count._all }));
  }

  /**
   * Cancels a job that has not started (waiting, or retrying after a failed attempt) and audits
   * who did it, in one transaction; false when the job was in another state by then.
   */
  async markCancelled(id: string, finishedAt: Date, audit: AuditEntry): Promise<boolean> {
    return this.prisma.$transaction(async (tx) => {
      const { count } = await tx.jobRecord.updateMany({
        where: { id, state: { in: ['waiting', 'retrying'] satisfies JobState[] } },
        data: { state: 'cancelled' satisfies JobState, finishedAt },
      });
      if (count) await this.audit.append(audit, tx);
      return count === 1;
    });
  }

  /**
   * Asks a running job to stop between assets; false when it was no longer running by then. The
   * job itself records the end (markStopped), the ask is audited now.
   */
  async requestStop(id: string, at: Date, audit: AuditEntry): Promise<boolean> {
    return this.prisma.$transaction(async (tx) => {
      const { count } = await tx.jobRecord.updateMany({
        where: { id, state: 'active' satisfies JobState },
        data: { cancelRequestedAt: at },
      });
      if (count) await this.audit.append(audit, tx);
      return count === 1;
    });
  }

  async stopRequested(id: string): Promise<boolean> {
    const row = await this.prisma.jobRecord.findUnique({
      where: { id },
      select: { cancelRequestedAt: true },
    });
    return row?.cancelRequestedAt != null;
  }

  async markStopped(id: string, result: JsonValue, finishedAt: Date): Promise<void> {
    await this.prisma.jobRecord.update({
      where: { id },
      data: { state: 'cancelled' satisfies JobState, result: jsonInput(result), finishedAt },
    });
  }

  /**
   * A failed job was handed back to its queue: the record waits again, unless a worker has
   * already taken it (the record changed since `failedAt`, its update time as read); the retry is
   * audited either way.
   */
  /** False when the record changed since it was read as failed (nothing is written then). */
  async markRetried(id: string, failedAt: Date, audit: AuditEntry): Promise<boolean> {
    return this.prisma.$transaction(async (tx) => {
      const { count } = await tx.jobRecord.updateMany({
        where: { id, state: 'failed' satisfies JobState, updatedAt: failedAt },
        data: { state: 'waiting' satisfies JobState, errorCode: null, finishedAt: null },
      });
      if (count === 1) await this.audit.append(audit, tx);
      return count === 1;
    });
  }

  /** Back to waiting before a new enqueue attempt (after the queue was unreachable). */
  async markWaiting(id: string): Promise<void> {
    await this.prisma.jobRecord.update({
      where: { id },
      data: { state: 'waiting' satisfies JobState, errorCode: null, finishedAt: null },
    });
  }

  /** The job never reached the queue. */
  async markUnqueued(id: string, errorCode: string, finishedAt: Date): Promise<void> {
    await this.prisma.jobRecord.update({
      where: { id },
      data: { state: 'failed' satisfies JobState, errorCode, finishedAt },
    });
  }

  async completedResult(id: string): Promise<{ result: JsonValue } | null> {
    const row = await this.prisma.jobRecord.findFirst({
      where: { id, state: 'completed' satisfies JobState },
      select: { result: true },
    });
    return row ? { result: (row.result ?? null) as JsonValue } : null;
  }

  async markActive(job: NewJobRecord & { attempt: number; startedAt: Date }): Promise<JobView> {
    const row = await this.prisma.jobRecord.upsert({
      where: { id: job.id },
      create: {
        id: job.id,
        queue: job.queue,
        name: job.name,
        payload: jsonInput(job.payload),
        createdBy: job.createdBy,
        state: 'active' satisfies JobState,
        attempts: job.attempt,
        startedAt: job.startedAt,
      },
      // A retry starts over: progress from 0 again, and its ETA from this attempt's start.
      update: {
        state: 'active' satisfies JobState,
        attempts: job.attempt,
        progress: 0,
        startedAt: job.startedAt,
        finishedAt: null,
      },
    });
    return toJobView(row);
  }

  async markProgress(id: string, progress: number): Promise<void> {
    await this.prisma.jobRecord.updateMany({
      where: { id, state: 'active' satisfies JobState },
      data: { progress },
    });
  }

  async markCompleted(id: string, result: JsonValue, finishedAt: Date): Promise<void> {
    await this.prisma.jobRecord.update({
      where: { id },
      data: {
        state: 'completed' satisfies JobState,
        progress: 100,
        result: jsonInput(result),
        errorCode: null,
        finishedAt,
      },
    });
  }

  async markRetrying(id: string, errorCode: string, attempts: number): Promise<void> {
    await this.prisma.jobRecord.update({
      where: { id },
      data: { state: 'retrying' satisfies JobState, errorCode, attempts },
    });
  }

  async markFailed(
    id: string,
    failure: { errorCode: string; attempts: number; finishedAt: Date },
    audit: AuditEntry,
  ): Promise<void> {
    await this.prisma.$transaction(async (tx) => {
      await tx.jobRecord.update({
        where: { id },
        data: {
          state: 'failed' satisfies JobState,
          errorCode: failure.errorCode,
          attempts: failure.attempts,
          finishedAt: failure.finishedAt,
        },
      });
      await this.audit.append(audit, tx);
    });
  }

  /**
   * Fails a job BullMQ failed without the wrapper (stalled too often) and audits it; a no-op
   * when the record already ended. True when this call ended it.
   */
  async settleFailed(id: string, errorCode: JobErrorCode, finishedAt: Date): Promise<boolean> {
    return this.prisma.$transaction(async (tx) => {
      const { count } = await tx.jobRecord.updateMany({
        where: { id, state: { notIn: [...TERMINAL_JOB_STATES] } },
        data: { state: 'failed' satisfies JobState, errorCode, finishedAt },
      });
      if (!count) return false;
      const row = await tx.jobRecord.findUniqueOrThrow({ where: { id } });
      await this.audit.append(
        { jobId: id, actor: row.createdBy, action: row.name, outcome: 'failure', errorCode },
        tx,
      );
      return true;
    });
  }
}
