import { checkPayload, isJobName, JobName, WORKFLOW_JOB_NAMES, type JobPayloads } from './job-catalogue';

/** The contents a job works on one by one, and the same job narrowed to some of them. */
interface JobItems<P> {
  ids(payload: P): string[];
  only(payload: P, keep: ReadonlySet<string>): P;
}

type WorkflowItems = JobItems<JobPayloads[JobName.WorkflowMove]>;
type EnrichmentItems = JobItems<JobPayloads[JobName.Enrichment]>;
type ShareItems = JobItems<JobPayloads[JobName.InternalShare]>;

const workflow: WorkflowItems = {
  ids: (p) => p.plan.map((step) => step.contentId),
  only: (p, keep) => ({ ...p, plan: p.plan.filter((step) => keep.has(step.contentId)) }),
};

// An op aimed at some contents keeps only those of them still asked for.
const enrichment: EnrichmentItems = {
  ids: (p) => p.contentIds,
  only: (p, keep) => ({
    ...p,
    contentIds: p.contentIds.filter((id) => keep.has(id)),
    ops: p.ops.map((op) =>
      op.contentIds ? { ...op, contentIds: op.contentIds.filter((id) => keep.has(id)) } : op,
    ),
  }),
};

const internalShare: ShareItems = {
  ids: (p) => p.contentIds,
  only: (p, keep) => ({ ...p, contentIds: p.contentIds.filter((id) => keep.has(id)) }),
};

/** The jobs over a list of contents, each with a per-asset outcome in the ledger. */
const ITEMS: { readonly [N in JobName]?: JobItems<JobPayloads[N]> } = {
  [JobName.WorkflowAccept]: workflow,
  [JobName.WorkflowReject]: workflow,
  [JobName.WorkflowMove]: workflow,
  [JobName.WorkflowDelete]: workflow,
  [JobName.WorkflowRestore]: workflow,
  [JobName.WorkflowPermanentDelete]: workflow,
  [JobName.WorkflowSupplierRemove]: workflow,
  [JobName.WorkflowResubmit]: workflow,
  [JobName.Enrichment]: enrichment,
  [JobName.TagsBulk]: enrichment,
  [JobName.InternalShare]: internalShare,
};

/**
 * The jobs that stop between assets when their user cancels them while they run: those the
 * asset-ledger's AssetJobRunner runs (it asks before each asset). Others run to their end.
 */
export const STOPPABLE_JOBS: ReadonlySet<string> = new Set<JobName>([
  ...WORKFLOW_JOB_NAMES,
  JobName.InternalShare,
]);

/** The contents of a job over assets, in its order; null for any other job. */
export function itemIdsOf<N extends JobName>(name: N, payload: JobPayloads[N]): string[] | null {
  const items = ITEMS[name] as JobItems<JobPayloads[N]> | undefined;
  return items ? items.ids(payload) : null;
}

/** The job's payload narrowed to `keep` of its contents; null for a job not over assets. */
export function onlyItems<N extends JobName>(
  name: N,
  payload: JobPayloads[N],
  keep: ReadonlySet<string>,
): JobPayloads[N] | null {
  const items = ITEMS[name] as JobItems<JobPayloads[N]> | undefined;
  return items ? items.only(payload, keep) : null;
}

/** The contents of a recorded job (its payload checked by the catalogue); null when not over assets. */
export function recordedItemIds(name: string, payload: unknown): string[] | null {
  if (!isJobName(name)) return null;
  const checked = checkPayload(name, payload);
  return checked.ok ? itemIdsOf(name, checked.payload) : null;
}
