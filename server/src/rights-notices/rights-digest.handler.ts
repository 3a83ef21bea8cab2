import { Inject, Injectable } from '@nestjs/common';
import { restrictionDayOf } from '@paddock/rules';
import { CLOCK, type Clock } from '../common/clock';
import { JobName, type JobPayloads, type JobResults } from '../jobs/job-catalogue';
import { JobHandlerFor, type JobContext, type JobHandler } from '../jobs/job-handler';
import { RightsNoticeSender } from './rights-notice-sender';

type Digest = JobName.RightsDigest;

/**
 * The day's digests (docs/rights-notices.md): the notices of users who chose one mail a day, each
 * recipient's collected under that day's key and sent in one mail, once.
 */
@JobHandlerFor(JobName.RightsDigest)
@Injectable()
export class RightsDigestHandler implements JobHandler<Digest> {
  constructor(
    private readonly sender: RightsNoticeSender,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async handle(_payload: JobPayloads[Digest], c: JobContext): Promise<JobResults[Digest]> {
    const result = await this.sender.sendDigests(restrictionDayOf(this.clock.now()), this.clock);
    await c.progress(100);
    return result;
  }
}
