import { Inject, Injectable } from '@nestjs/common';
import { E_CODES, INTERNAL_SHARE_METADATA, SHARING_TAGS, withInternalShares } from '@paddock/rules';
import { CLOCK, type Clock } from '../common/clock';
import { JobName, type InternalSharePayload, type WorkflowResult } from '../jobs/job-catalogue';
import { JobHandlerFor, type JobContext, type JobHandler } from '../jobs/job-handler';
import { ProviderError } from '../common/provider-error';
import { AssetJobRunner } from '../asset-ledger/asset-job-runner';
import type { StepResult, Work } from '../asset-ledger/content-work';

/**
 * SPEC §4 "Internal share", per content, through the asset job runner (resume, audit per asset,
 * progress): link every target; for internal-share targets the tag and the `internal-share`
 * metadata, created or with the missing folders appended. Each step only adds what is missing, so
 * a retry completes the work and never dates a folder twice.
 */
@JobHandlerFor(JobName.InternalShare)
@Injectable()
export class InternalShareHandler implements JobHandler<JobName.InternalShare> {
  constructor(
    private readonly runner: AssetJobRunner,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  handle(p: InternalSharePayload, c: JobContext): Promise<WorkflowResult> {
    const plan = p.contentIds.map((contentId) => ({ contentId, from: p.folderId, to: null }));
    return this.runner.run('internal-share', { plan }, c, (w) => this.share(w, p));
  }

  private async share(w: Work, p: InternalSharePayload): Promise<StepResult> {
    for (const { folderId } of p.targets)
      if (!(await w.link(folderId)))
        return { outcome: 'failed', errorCode: E_CODES.MOVE_LINK_FAILED, to: folderId };
    const internal = p.targets.filter((t) => t.internal).map((t) => t.folderId);
    const to = p.targets[0]!.folderId;
    if (!internal.length) return w.result(to);
    try {
      await w.addTag(SHARING_TAGS.internalShared);
      const value = withInternalShares(
        w.meta(INTERNAL_SHARE_METADATA) ?? undefined,
        internal,
        this.clock.now(),
      );
      if (value !== null) await w.setMeta({ [INTERNAL_SHARE_METADATA]: value });
    } catch (error) {
      if (!(error instanceof ProviderError) || error.transient) throw error;
      return { outcome: 'failed', errorCode: E_CODES.TAG_BULK_INSERT_FAILED, to };
    }
    return w.result(to);
  }
}
