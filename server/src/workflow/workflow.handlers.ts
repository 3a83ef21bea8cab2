import { LEGAL_HOLD_ERROR_CODES, type AuditAssetAction } from '@paddock/rules';
import { Injectable, type Type } from '@nestjs/common';
import { JobName, type WorkflowPayload, type WorkflowResult } from '../jobs/job-catalogue';
import { JobHandlerFor, type JobContext, type JobHandler } from '../jobs/job-handler';
import { AssetJobRunner } from '../asset-ledger/asset-job-runner';
import { HeldContents, type HeldAct } from '../legal-hold/held-contents';
import type { PlanItem, StepResult, Work } from '../asset-ledger/content-work';
import { WorkflowFolders } from '../places/workflow-folders';
import { RejectionMails } from '../sharing/rejection-mail';
import { AssetSteps } from './asset-steps';

/** What a step may need beside the asset steps. */
interface StepServices {
  folders: WorkflowFolders;
  rejectionMails: RejectionMails;
}

/** What one workflow job does to each content of its plan. */
interface WorkflowJob {
  /** The audit's action name. */
  action: AuditAssetAction;
  step(
    steps: AssetSteps,
    w: Work,
    item: PlanItem,
    p: WorkflowPayload,
    c: JobContext,
    services: StepServices,
  ): Promise<StepResult>;
  /** The outcome of a content that no longer exists (default: failed, NOT_FOUND). */
  ifGone?: StepResult;
  /** Destroys what it acts on, as this act: a content a legal hold keeps is left as it is, failed LEGAL_HOLD_ACTIVE. */
  destroys?: HeldAct;
}

const HELD: StepResult = { outcome: 'failed', errorCode: LEGAL_HOLD_ERROR_CODES.HELD, to: null };

const WORKFLOW_JOBS = {
  [JobName.WorkflowAccept]: { action: 'accept', step: (s, w, item, p, c) => s.accept(w, item, p, c.actor) },
  [JobName.WorkflowReject]: {
    action: 'reject',
    step: async (s, w, item, p, c, { rejectionMails }) => {
      const result = await s.reject(w, item, p, c.actor);
      // Unchanged too: an earlier try may have rejected it and died before the mail job was
      // submitted; the mail job's id is per job and content, so a second submit is the same job.
      if (result.outcome === 'done' || result.outcome === 'unchanged')
        await rejectionMails.rejected(w.content, p, c);
      return result;
    },
  },
  [JobName.WorkflowResubmit]: { action: 'resubmit', step: (s, w, item, p) => s.resubmit(w, item, p) },
  [JobName.WorkflowMove]: { action: 'move', step: (s, w, item, p) => s.move(w, item, p) },
  [JobName.WorkflowDelete]: { action: 'delete', step: (s, w, item) => s.delete(w, item) },
  [JobName.WorkflowRestore]: { action: 'restore', step: (s, w, item) => s.restore(w, item) },
  [JobName.WorkflowPermanentDelete]: {
    action: 'permanent-delete',
    step: (s, w, _item, _p, _c, { folders }) => s.permanentDelete(w, folders),
    // A content already gone was trashed by an earlier try.
    ifGone: { outcome: 'unchanged', errorCode: null, to: null },
    destroys: 'permanent-delete',
  },
  [JobName.WorkflowSupplierRemove]: {
    action: 'supplier-remove',
    step: (s, w, item) => s.supplierRemove(w, item),
  },
} satisfies Record<string, WorkflowJob>;

/**
 * The handler of one workflow job of the catalogue: its per-content step, and the
 * AssetJobRunner for the rest (resume, audit, progress).
 */
function workflowHandler(name: keyof typeof WORKFLOW_JOBS): Type<JobHandler> {
  const job: WorkflowJob = WORKFLOW_JOBS[name];
  @JobHandlerFor(name)
  @Injectable()
  class WorkflowHandler implements JobHandler {
    constructor(
      private readonly runner: AssetJobRunner,
      private readonly steps: AssetSteps,
      private readonly folders: WorkflowFolders,
      private readonly rejectionMails: RejectionMails,
      private readonly holds: HeldContents,
    ) {}

    async handle(p: WorkflowPayload, c: JobContext): Promise<WorkflowResult> {
      // Asked when the job runs, not only when it was submitted: a hold placed in between keeps
      // its contents too (and the built-in provider refuses one placed later still).
      const held = job.destroys
        ? await this.holds.holdsOnIds(p.plan.map((item) => item.contentId))
        : new Map<string, unknown>();
      if (job.destroys && held.size) this.holds.kept(job.destroys, held.size);
      return this.runner.run(
        job.action,
        p,
        c,
        (w, item) =>
          held.has(w.content.id)
            ? Promise.resolve(HELD)
            : job.step(this.steps, w, item, p, c, {
                folders: this.folders,
                rejectionMails: this.rejectionMails,
              }),
        job.ifGone,
      );
    }
  }
  Object.defineProperty(WorkflowHandler, 'name', { value: `${name}-handler` });
  return WorkflowHandler;
}

export const WORKFLOW_HANDLERS = (Object.keys(WORKFLOW_JOBS) as (keyof typeof WORKFLOW_JOBS)[]).map(
  workflowHandler,
);
