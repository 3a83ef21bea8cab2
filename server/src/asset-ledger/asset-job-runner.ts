import { Inject, Injectable } from '@nestjs/common';
import { E_CODES, type AuditAction, type ECode } from '@paddock/rules';
import { AssetLedger } from './asset-ledger';
import { snapshotOf } from './asset-snapshot';
import { AuditRepository } from '../audit/audit.repository';
import type { WorkflowPayload, WorkflowResult } from '../jobs/job-catalogue';
import type { JobContext } from '../jobs/job-handler';
import { CONTENTS_GATEWAY, type ContentsGateway } from '../provider/contents.gateway';
import { SERVICE_SESSION, type ServiceSession } from '../provider/service-session';
import { ContentWorks, type PlanItem, type StepResult, type Work } from './content-work';

/** One content's work, given the content as it is now; `null` content = it no longer exists. */
export type AssetStep = (work: Work, item: PlanItem) => Promise<StepResult>;

/**
 * Contents of one job worked on at the same time: each is independent (its own links, tags and audit
 * row), and the provider calls are I/O-bound, so a bulk action of hundreds does not wait in line.
 */
const ASSETS_IN_FLIGHT = 8;

/** SPEC §8: a content search failing during a reject is E021; during any other action E020. */
export function contentLookupCode(action: string): ECode {
  return action === 'reject' ? E_CODES.CONTENT_LOOKUP_REJECT_FAILED : E_CODES.CONTENT_LOOKUP_ACCEPT_FAILED;
}

/**
 * Runs a job that works content by content (a workflow action, an internal share) over its plan,
 * several contents at a time: skips what an earlier try of this job already recorded, does the step, records the outcome with the content's folders and tags
 * before and after (one audit row per content, updated on a retry), and reports progress.
 */
@Injectable()
export class AssetJobRunner {
  constructor(
    @Inject(SERVICE_SESSION) private readonly session: ServiceSession,
    @Inject(CONTENTS_GATEWAY) private readonly contents: ContentsGateway,
    private readonly works: ContentWorks,
    private readonly audit: AuditRepository,
  ) {}

  async run(
    action: AuditAction,
    payload: Pick<WorkflowPayload, 'plan'>,
    context: JobContext,
    step: AssetStep,
    ifGone: StepResult = { outcome: 'failed', errorCode: 'NOT_FOUND', to: null },
  ): Promise<WorkflowResult> {
    const ledger = await new AssetLedger(this.audit, action, context).resume();
    const queue = [...payload.plan];
    let finished = 0;
    // Progress is reported in order, one write at a time, though contents finish out of order.
    let reporting = Promise.resolve();
    const worker = async () => {
      for (let item = queue.shift(); item; item = queue.shift()) {
        if (!ledger.recordedEarlier(item.contentId)) await this.one(ledger, action, item, step, ifGone);
        finished += 1;
        // 100 only when the record says completed.
        const percent = Math.min(99, (finished / payload.plan.length) * 100);
        reporting = reporting.then(() => context.progress(percent));
      }
    };
    await Promise.all(Array.from({ length: Math.min(ASSETS_IN_FLIGHT, queue.length) }, worker));
    await reporting;
    return ledger.close(ledger.tally(payload.plan.map((item) => item.contentId)));
  }

  private async one(
    ledger: AssetLedger,
    action: AuditAction,
    item: PlanItem,
    step: AssetStep,
    ifGone: StepResult,
  ): Promise<void> {
    const lookupFailed = contentLookupCode(action);
    const { before, after, result } = await this.session.withToken(async (token) => {
      const [content] = await this.contents.contentsByIds(token, [item.contentId], lookupFailed);
      const done = content ? await step(this.works.work(token, content), item) : ifGone;
      const [now] =
        done.outcome === 'unchanged'
          ? [content]
          : await this.contents.contentsByIds(token, [item.contentId], lookupFailed);
      return { before: snapshotOf(content), after: snapshotOf(now), result: done };
    });
    await ledger.record(
      {
        contentId: item.contentId,
        outcome: result.outcome,
        fromFolderId: item.from,
        toFolderId: result.to,
        errorCode: result.errorCode,
      },
      before,
      after,
    );
  }
}
