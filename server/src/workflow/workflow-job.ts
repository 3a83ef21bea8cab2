import { Inject, Injectable } from '@nestjs/common';
import type { AssetOutcome, AuditAction } from '@paddock/rules';
import { AuditRepository } from '../audit/audit.repository';
import type { AssetSnapshot } from '../audit/audit-record';
import type { WorkflowPayload, WorkflowResult } from '../jobs/job-catalogue';
import type { JobContext } from '../jobs/job-handler';
import {
  CONTENTS_GATEWAY,
  type ContentsGateway,
  type ProviderContentDetail,
} from '../provider/contents.gateway';
import { SERVICE_SESSION, type ServiceSession } from '../provider/service-session';
import { contentLookupCode } from './workflow.errors';
import { AssetSteps, type PlanItem, type StepResult, type Work } from './asset-steps';

/** One content's work, given the content as it is now; `null` content = it no longer exists. */
export type AssetStep = (work: Work, item: PlanItem) => Promise<StepResult>;

/**
 * Contents of one job worked on at the same time: each is independent (its own links, tags and audit
 * row), and the provider calls are I/O-bound, so a bulk action of hundreds does not wait in line.
 */
const ASSETS_IN_FLIGHT = 8;

function snapshotOf(c: ProviderContentDetail | undefined): AssetSnapshot | null {
  if (!c) return null;
  return { folderIds: [...c.linkedCategoryIds].sort(), tags: c.itags.map((t) => t.prettyId ?? t.id).sort() };
}

/**
 * Runs a workflow job over its plan, several contents at a time: skips what an earlier try of this job
 * already recorded, does the step, records the outcome with the content's folders and tags
 * before and after (one audit row per content, updated on a retry), and reports progress.
 */
@Injectable()
export class WorkflowJobRunner {
  constructor(
    @Inject(SERVICE_SESSION) private readonly session: ServiceSession,
    @Inject(CONTENTS_GATEWAY) private readonly contents: ContentsGateway,
    private readonly steps: AssetSteps,
    private readonly audit: AuditRepository,
  ) {}

  async run(
    action: AuditAction,
    payload: Pick<WorkflowPayload, 'plan'>,
    context: JobContext,
    step: AssetStep,
    ifGone: StepResult = { outcome: 'failed', errorCode: 'NOT_FOUND', to: null },
  ): Promise<WorkflowResult> {
    const recorded = new Map((await this.audit.assetOutcomesOf(context.jobId)).map((o) => [o.contentId, o]));
    const result: WorkflowResult = { total: payload.plan.length, done: 0, unchanged: 0, junk: 0, failed: 0 };
    const queue = [...payload.plan];
    let finished = 0;
    // Progress is reported in order, one write at a time, though contents finish out of order.
    let reporting = Promise.resolve();
    const worker = async () => {
      for (let item = queue.shift(); item; item = queue.shift()) {
        const outcome = recorded.get(item.contentId) ?? (await this.one(action, item, context, step, ifGone));
        result[outcome.outcome] += 1;
        finished += 1;
        // 100 only when the record says completed.
        const percent = Math.min(99, (finished / payload.plan.length) * 100);
        reporting = reporting.then(() => context.progress(percent));
      }
    };
    await Promise.all(Array.from({ length: Math.min(ASSETS_IN_FLIGHT, queue.length) }, worker));
    await reporting;
    await this.audit.recordJobOutcome({
      jobId: context.jobId,
      actor: context.actor,
      action,
      outcome: result.failed || result.junk ? 'failure' : 'success',
      after: { ...result },
    });
    return result;
  }

  private async one(
    action: AuditAction,
    item: PlanItem,
    context: JobContext,
    step: AssetStep,
    ifGone: StepResult,
  ): Promise<AssetOutcome> {
    const lookupFailed = contentLookupCode(action);
    const { before, after, result } = await this.session.withToken(async (token) => {
      const [content] = await this.contents.contentsByIds(token, [item.contentId], lookupFailed);
      const done = content ? await step(this.steps.work(token, content), item) : ifGone;
      const [now] =
        done.outcome === 'unchanged'
          ? [content]
          : await this.contents.contentsByIds(token, [item.contentId], lookupFailed);
      return { before: snapshotOf(content), after: snapshotOf(now), result: done };
    });
    const outcome: AssetOutcome = {
      contentId: item.contentId,
      outcome: result.outcome,
      fromFolderId: item.from,
      toFolderId: result.to,
      errorCode: result.errorCode,
    };
    await this.audit.recordAssetOutcome({
      jobId: context.jobId,
      actor: context.actor,
      action,
      outcome,
      before,
      after,
    });
    return outcome;
  }
}
