import { Injectable } from '@nestjs/common';
import type { AssetOutcome } from '@paddock/rules';
import type { WorkflowPayload, WorkflowResult } from '../jobs/job-catalogue';
import type { JobContext } from '../jobs/job-handler';
import { ContentsGateway, type ProviderContent } from '../provider/contents.gateway';
import { ProviderServiceSession } from '../provider/service-session';
import { AssetSteps, type PlanItem, type StepResult, type Work } from './asset-steps';
import { JobOutcomesRepository } from '../jobs/job-outcomes.repository';
import { WorkflowAuditRepository, type AssetSnapshot } from './workflow-audit.repository';

/** One content's work, given the content as it is now; `null` content = it no longer exists. */
export type AssetStep = (work: Work, item: PlanItem) => Promise<StepResult>;

function snapshotOf(c: ProviderContent | undefined): AssetSnapshot | null {
  if (!c) return null;
  return { folderIds: [...c.linkedCategoryIds].sort(), tags: c.itags.map((t) => t.prettyId ?? t.id).sort() };
}

/**
 * Runs a workflow job over its plan, content by content: skips what an earlier try of this job
 * already recorded, does the step, records the outcome with the content's folders and tags
 * before and after (one audit row per content, updated on a retry), and reports progress.
 */
@Injectable()
export class WorkflowJobRunner {
  constructor(
    private readonly session: ProviderServiceSession,
    private readonly contents: ContentsGateway,
    private readonly steps: AssetSteps,
    private readonly audit: WorkflowAuditRepository,
    private readonly outcomes: JobOutcomesRepository,
  ) {}

  async run(
    action: string,
    payload: WorkflowPayload,
    context: JobContext,
    step: AssetStep,
    ifGone: StepResult = { outcome: 'failed', errorCode: 'NOT_FOUND', to: null },
  ): Promise<WorkflowResult> {
    const recorded = new Map((await this.outcomes.outcomesOf(context.jobId)).map((o) => [o.contentId, o]));
    const result: WorkflowResult = { total: payload.plan.length, done: 0, unchanged: 0, junk: 0, failed: 0 };
    for (const [index, item] of payload.plan.entries()) {
      const outcome = recorded.get(item.contentId) ?? (await this.one(action, item, context, step, ifGone));
      result[outcome.outcome] += 1;
      // 100 only when the record says completed.
      await context.progress(Math.min(99, ((index + 1) / payload.plan.length) * 100));
    }
    await this.audit.recordJob({
      jobId: context.jobId,
      actor: context.actor,
      action,
      outcome: result.failed || result.junk ? 'failure' : 'success',
      after: { ...result },
    });
    return result;
  }

  private async one(
    action: string,
    item: PlanItem,
    context: JobContext,
    step: AssetStep,
    ifGone: StepResult,
  ): Promise<AssetOutcome> {
    const { before, after, result } = await this.session.withToken(async (token) => {
      const [content] = await this.contents.contentsByIds(token, [item.contentId], 'E020');
      const done = content ? await step(this.steps.work(token, content), item) : ifGone;
      const [now] =
        done.outcome === 'unchanged'
          ? [content]
          : await this.contents.contentsByIds(token, [item.contentId], 'E020');
      return { before: snapshotOf(content), after: snapshotOf(now), result: done };
    });
    const outcome: AssetOutcome = {
      contentId: item.contentId,
      outcome: result.outcome,
      fromFolderId: item.from,
      toFolderId: result.to,
      errorCode: result.errorCode,
    };
    await this.audit.record({ jobId: context.jobId, actor: context.actor, action, outcome, before, after });
    return outcome;
  }
}
