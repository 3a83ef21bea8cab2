import { Inject, Injectable } from '@nestjs/common';
import { AuditRepository } from '../../audit/audit.repository';
import type { AuditWriter } from '../../audit/audit-record';
import { CLOCK, type Clock } from '../../common/clock';
import { JobName, type JobPayloads, type JobResults } from '../../jobs/job-catalogue';
import { JobHandlerFor, type JobContext, type JobHandler } from '../../jobs/job-handler';
import { ShareRepository } from './share.repository';

type Expire = JobName.ExpireExternalShares;

/**
 * Marks the shares whose validity has passed (SPEC §4 "A share expires automatically at the end
 * of its validity period"), so the panel shows them expired. One conditional UPDATE: several
 * workers at once mark each share once, and a second run marks none. Access does not wait for
 * this: every request compares the expiry with the time itself.
 */
@JobHandlerFor(JobName.ExpireExternalShares)
@Injectable()
export class ExpireSharesHandler implements JobHandler<Expire> {
  constructor(
    private readonly shares: ShareRepository,
    @Inject(AuditRepository) private readonly auditor: AuditWriter,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async handle(_payload: JobPayloads[Expire], context: JobContext): Promise<JobResults[Expire]> {
    const expired = await this.shares.markExpired(this.clock.now());
    await this.auditor.append({
      jobId: context.jobId,
      actor: context.actor,
      action: JobName.ExpireExternalShares,
      outcome: 'success',
      after: { expired },
    });
    await context.progress(100);
    return { expired };
  }
}
