import { Inject, Injectable } from '@nestjs/common';
import { E_CODES, type AuditAction, type ECode } from '@paddock/rules';
import { AssetLedger, type LedgerEntry } from './asset-ledger';
import { snapshotOf } from './asset-snapshot';
import { AuditRepository } from '../audit/audit.repository';
import type { WorkflowPayload, WorkflowResult } from '../jobs/job-catalogue';
import type { JobContext } from '../jobs/job-handler';
import { JobStoppedError } from '../jobs/job-errors';
import {
  CONTENTS_GATEWAY,
  type ContentsGateway,
  type ProviderContentDetail,
} from '../provider/contents.gateway';
import { SERVICE_SESSION, type ServiceSession } from '../provider/service-session';
import { chunks } from '../provider/tagging.gateway';
import { ContentWorks, type PlanItem, type StepResult, type Work } from './content-work';

/** One content's work, given the content as it is now; `null` content = it no longer exists. */
export type AssetStep = (work: Work, item: PlanItem) => Promise<StepResult>;

/**
 * Contents of one batch worked on at the same time: each is independent (its own links, tags and
 * audit row), and the provider calls are I/O-bound, so a bulk action of hundreds does not wait in line.
 */
const ASSETS_IN_FLIGHT = 8;

/** SPEC §8: a content search failing during a reject is E021; during any other action E020. */
export function contentLookupCode(action: string): ECode {
  return action === 'reject' ? E_CODES.CONTENT_LOOKUP_REJECT_FAILED : E_CODES.CONTENT_LOOKUP_ACCEPT_FAILED;
}

const byId = (contents: ProviderContentDetail[]) => new Map(contents.map((c) => [c.id, c]));

/**
 * A content found as the job leaves it, after an earlier start of the job ran: most likely that
 * start's work, its worker gone before it recorded the batch. Done, as an uninterrupted run reports
 * it; a content someone else had put there is counted done too.
 */
function doneByEarlierStart(entry: LedgerEntry): LedgerEntry {
  return entry.outcome.outcome === 'unchanged'
    ? { ...entry, outcome: { ...entry.outcome, outcome: 'done' } }
    : entry;
}

/**
 * Runs a job that works content by content (a workflow action, an internal share) over its plan, a batch of LIMITS.idChunkSize contents at a time: skips what an
 * earlier try of this job already recorded, reads the batch's contents in one provider call, does
 * their steps several at a time, reads those a step changed in one more call, and records the batch's
 * outcomes with each content's folders and tags before and after in one transaction (one audit row
 * per content). A crash before the batch is recorded leaves its contents without an outcome: the
 * resumed job reads them again and their steps, which only change what is missing, finish them;
 * what it finds already done counts as done.
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
    const open = payload.plan.filter((item) => !ledger.recordedEarlier(item.contentId));
    const total = payload.plan.length;
    let finished = total - open.length;
    // Asked before each content (one indexed read, next to the content's provider calls): a job
    // its user cancels stops between two contents, and those done stay done and recorded.
    let stopped = false;
    const stop = async () => (stopped ||= await context.stopRequested());
    for (const batch of chunks(open)) {
      if (await stop()) break;
      // Progress is reported in order, one write at a time, though contents finish out of order.
      let reporting = Promise.resolve();
      const stepped = (count: number) => {
        // 100 only when the record says completed.
        const percent = Math.min(99, ((finished + count) / total) * 100);
        reporting = reporting.then(() => context.progress(percent));
      };
      const entries = await this.session.withToken((token) =>
        this.batch(token, action, batch, step, ifGone, stepped, stop),
      );
      await reporting;
      await ledger.recordMany(context.startedBefore ? entries.map(doneByEarlierStart) : entries);
      finished += batch.length;
    }
    const result = await ledger.close(ledger.tally(payload.plan.map((item) => item.contentId)));
    if (stopped) throw new JobStoppedError(result);
    return result;
  }

  /** The batch's steps with the contents read before and after, as the ledger records them. */
  private async batch(
    token: string,
    action: AuditAction,
    items: PlanItem[],
    step: AssetStep,
    ifGone: StepResult,
    stepped: (count: number) => void,
    stop: () => Promise<boolean>,
  ): Promise<LedgerEntry[]> {
    const lookupFailed = contentLookupCode(action);
    const ids = items.map((item) => item.contentId);
    const before = byId(await this.contents.contentsByIds(token, ids, lookupFailed));
    const results = new Map<string, StepResult>();
    const queue = [...items];
    const worker = async () => {
      for (let item = queue.shift(); item && !(await stop()); item = queue.shift()) {
        const content = before.get(item.contentId);
        results.set(item.contentId, content ? await step(this.works.work(token, content), item) : ifGone);
        stepped(results.size);
      }
    };
    await Promise.all(Array.from({ length: Math.min(ASSETS_IN_FLIGHT, queue.length) }, worker));
    // A stop leaves the batch's later contents without a result, and without an outcome.
    const worked = items.filter((item) => results.has(item.contentId));
    const changed = worked
      .map((item) => item.contentId)
      .filter((id) => before.has(id) && results.get(id)!.outcome !== 'unchanged');
    const after = changed.length
      ? byId(await this.contents.contentsByIds(token, changed, lookupFailed))
      : before;
    return worked.map((item) => {
      const result = results.get(item.contentId)!;
      const content = before.get(item.contentId);
      return {
        outcome: {
          contentId: item.contentId,
          outcome: result.outcome,
          fromFolderId: item.from,
          toFolderId: result.to,
          errorCode: result.errorCode,
        },
        before: snapshotOf(content),
        after: snapshotOf(result.outcome === 'unchanged' ? content : after.get(item.contentId)),
      };
    });
  }
}
