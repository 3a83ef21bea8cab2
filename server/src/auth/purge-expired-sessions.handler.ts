import { Inject, Injectable } from '@nestjs/common';
import { AuditRepository } from '../audit/audit.repository';
import type { AuditWriter } from '../audit/audit-record';
import { CLOCK, type Clock } from '../common/clock';
import { JobName, type JobPayloads, type JobResults } from '../jobs/job-catalogue';
import { JobHandlerFor, type JobContext, type JobHandler } from '../jobs/job-handler';
import { runScheduledPurge } from '../jobs/scheduled-purge';
import { SessionRepository, type ExpiredSessionStore } from './session.repository';

export const PURGE_BATCH_SIZE = 500;

type Purge = JobName.PurgeExpiredSessions;

/**
 * Deletes the sessions that expired before the job started, in batches, reporting progress;
 * runScheduledPurge audits the count. Idempotent: a second run finds nothing more and still succeeds.
 */
@JobHandlerFor(JobName.PurgeExpiredSessions)
@Injectable()
export class PurgeExpiredSessionsHandler implements JobHandler<Purge> {
  constructor(
    @Inject(SessionRepository) private readonly sessions: ExpiredSessionStore,
    @Inject(AuditRepository) private readonly auditor: AuditWriter,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  handle(_payload: JobPayloads[Purge], context: JobContext): Promise<JobResults[Purge]> {
    const { auditor, clock } = this;
    return runScheduledPurge(JobName.PurgeExpiredSessions, context, { auditor, clock }, async (cutoff) => {
      const total = await this.sessions.countExpired(cutoff);
      let deleted = 0;
      for (;;) {
        const batch = await this.sessions.deleteExpiredBatch(cutoff, PURGE_BATCH_SIZE);
        if (!batch.found) break;
        deleted += batch.deleted;
        // Sessions may expire or go meanwhile: stay below 100 until the job is really done.
        await context.progress(Math.min(99, total ? (deleted / total) * 100 : 99));
      }
      return { deleted };
    });
  }
}
