import { Injectable } from '@nestjs/common';
import { JobName, type JobPayloads, type JobResults, type WorkflowPayload } from '../jobs/job-catalogue';
import { JobHandlerFor, type JobContext, type JobHandler } from '../jobs/job-handler';
import { AssetSteps } from './asset-steps';
import { WorkflowFolders } from './workflow-folders';
import { WorkflowJobRunner } from './workflow-job';

/*
 * One handler per workflow job of the catalogue. Each names its per-content step; the
 * WorkflowJobRunner does the rest (resume, audit, progress).
 */

@JobHandlerFor(JobName.WorkflowAccept)
@Injectable()
export class WorkflowAcceptHandler implements JobHandler<JobName.WorkflowAccept> {
  constructor(
    private readonly runner: WorkflowJobRunner,
    private readonly steps: AssetSteps,
  ) {}

  handle(p: JobPayloads[JobName.WorkflowAccept], c: JobContext): Promise<JobResults[JobName.WorkflowAccept]> {
    return this.runner.run('accept', p, c, (w, item) => this.steps.accept(w, item, p, c.actor));
  }
}

@JobHandlerFor(JobName.WorkflowReject)
@Injectable()
export class WorkflowRejectHandler implements JobHandler<JobName.WorkflowReject> {
  constructor(
    private readonly runner: WorkflowJobRunner,
    private readonly steps: AssetSteps,
  ) {}

  handle(p: JobPayloads[JobName.WorkflowReject], c: JobContext): Promise<JobResults[JobName.WorkflowReject]> {
    return this.runner.run('reject', p, c, (w, item) => this.steps.reject(w, item, p, c.actor));
  }
}

@JobHandlerFor(JobName.WorkflowResubmit)
@Injectable()
export class WorkflowResubmitHandler implements JobHandler<JobName.WorkflowResubmit> {
  constructor(
    private readonly runner: WorkflowJobRunner,
    private readonly steps: AssetSteps,
  ) {}

  handle(p: WorkflowPayload, c: JobContext): Promise<JobResults[JobName.WorkflowResubmit]> {
    return this.runner.run('resubmit', p, c, (w, item) => this.steps.resubmit(w, item, p));
  }
}

@JobHandlerFor(JobName.WorkflowMove)
@Injectable()
export class WorkflowMoveHandler implements JobHandler<JobName.WorkflowMove> {
  constructor(
    private readonly runner: WorkflowJobRunner,
    private readonly steps: AssetSteps,
  ) {}

  handle(p: WorkflowPayload, c: JobContext): Promise<JobResults[JobName.WorkflowMove]> {
    return this.runner.run('move', p, c, (w, item) => this.steps.move(w, item, p));
  }
}

@JobHandlerFor(JobName.WorkflowDelete)
@Injectable()
export class WorkflowDeleteHandler implements JobHandler<JobName.WorkflowDelete> {
  constructor(
    private readonly runner: WorkflowJobRunner,
    private readonly steps: AssetSteps,
  ) {}

  handle(p: WorkflowPayload, c: JobContext): Promise<JobResults[JobName.WorkflowDelete]> {
    return this.runner.run('delete', p, c, (w, item) => this.steps.delete(w, item));
  }
}

@JobHandlerFor(JobName.WorkflowRestore)
@Injectable()
export class WorkflowRestoreHandler implements JobHandler<JobName.WorkflowRestore> {
  constructor(
    private readonly runner: WorkflowJobRunner,
    private readonly steps: AssetSteps,
  ) {}

  handle(p: WorkflowPayload, c: JobContext): Promise<JobResults[JobName.WorkflowRestore]> {
    return this.runner.run('restore', p, c, (w, item) => this.steps.restore(w, item));
  }
}

@JobHandlerFor(JobName.WorkflowPermanentDelete)
@Injectable()
export class WorkflowPermanentDeleteHandler implements JobHandler<JobName.WorkflowPermanentDelete> {
  constructor(
    private readonly runner: WorkflowJobRunner,
    private readonly steps: AssetSteps,
    private readonly folders: WorkflowFolders,
  ) {}

  handle(p: WorkflowPayload, c: JobContext): Promise<JobResults[JobName.WorkflowPermanentDelete]> {
    // A content already gone was trashed by an earlier try.
    return this.runner.run('permanent-delete', p, c, (w) => this.steps.permanentDelete(w, this.folders), {
      outcome: 'unchanged',
      errorCode: null,
      to: null,
    });
  }
}

@JobHandlerFor(JobName.WorkflowSupplierRemove)
@Injectable()
export class WorkflowSupplierRemoveHandler implements JobHandler<JobName.WorkflowSupplierRemove> {
  constructor(
    private readonly runner: WorkflowJobRunner,
    private readonly steps: AssetSteps,
  ) {}

  handle(p: WorkflowPayload, c: JobContext): Promise<JobResults[JobName.WorkflowSupplierRemove]> {
    return this.runner.run('supplier-remove', p, c, (w, item) => this.steps.supplierRemove(w, item));
  }
}

export const WORKFLOW_HANDLERS = [
  WorkflowAcceptHandler,
  WorkflowRejectHandler,
  WorkflowResubmitHandler,
  WorkflowMoveHandler,
  WorkflowDeleteHandler,
  WorkflowRestoreHandler,
  WorkflowPermanentDeleteHandler,
  WorkflowSupplierRemoveHandler,
];
