import { STORY_NAMES, type JobStory } from '@paddock/rules';
import {
  checkPayload,
  isJobName,
  JobName,
  WORKFLOW_JOB_NAMES,
  type JobPayloads,
} from '../jobs/job-catalogue';

/** A tag or metadata key of a job's changes, by the classification it belongs to. */
export interface StoryTag {
  action: 'add' | 'remove';
  tagId: string;
  classificationId: string;
}
export interface StoryKey {
  action: 'set' | 'remove';
  key: string;
  classificationId: string;
}

/** What a job's story needs named: the ids and keys of its payload (the first few of long lists). */
export interface StoryIds {
  job: string;
  total: number | null;
  assetIds: string[];
  folderId: string | null;
  targetIds: string[];
  tags: StoryTag[];
  metadata: StoryKey[];
  share: JobStory['share'];
  version: number | null;
}

/** The names a story reads: null where the provider no longer has (or never showed) the thing. */
export interface StoryNames {
  asset(id: string): string | null;
  folder(id: string): string | null;
  tag(classificationId: string, id: string): string | null;
  metadata(classificationId: string, key: string): string | null;
}

const NOTHING: Omit<StoryIds, 'job'> = {
  total: null,
  assetIds: [],
  folderId: null,
  targetIds: [],
  tags: [],
  metadata: [],
  share: null,
  version: null,
};

function assets(ids: readonly string[]): Pick<StoryIds, 'total' | 'assetIds'> {
  return { total: ids.length, assetIds: ids.slice(0, STORY_NAMES) };
}

const distinct = (ids: readonly (string | null)[]) =>
  [...new Set(ids.filter((id): id is string => id !== null))].slice(0, STORY_NAMES);

/** Payload of `N` as the catalogue checks it, or null (a payload of an older release). */
function payloadAs<N extends JobName>(name: N, job: string, payload: unknown): JobPayloads[N] | null {
  if (job !== name) return null;
  const checked = checkPayload(name, payload);
  return checked.ok ? checked.payload : null;
}

/**
 * The ids a job's story names, read off its payload. Every job of the catalogue has its line here;
 * a job with nothing to name (the schedules' clean-ups) tells its counts only.
 */
export function storyIdsOf(job: string, payload: unknown): StoryIds {
  const base = { job, ...NOTHING };
  if (!isJobName(job)) return base;
  if (WORKFLOW_JOB_NAMES.has(job)) {
    // Every workflow job has the one workflow payload: checked as a move's.
    const p = payloadAs(JobName.WorkflowMove, JobName.WorkflowMove, payload);
    if (!p) return base;
    return {
      ...base,
      ...assets(p.plan.map((step) => step.contentId)),
      folderId: p.folderId,
      targetIds: distinct(p.plan.map((step) => step.to)),
    };
  }
  const enrichment = payloadAs(JobName.Enrichment, job, payload) ?? payloadAs(JobName.TagsBulk, job, payload);
  if (enrichment)
    return {
      ...base,
      ...assets(enrichment.contentIds),
      folderId: enrichment.folderId,
      tags: enrichment.ops.flatMap((op) =>
        op.kind === 'tag'
          ? [{ action: op.action, tagId: op.tagId, classificationId: op.classificationId }]
          : [],
      ),
      metadata: enrichment.ops.flatMap((op) =>
        op.kind === 'metadata'
          ? [{ action: op.action, key: op.key, classificationId: op.classificationId }]
          : [],
      ),
    };
  const internal = payloadAs(JobName.InternalShare, job, payload);
  if (internal)
    return {
      ...base,
      ...assets(internal.contentIds),
      folderId: internal.folderId,
      targetIds: distinct(internal.targets.map((t) => t.folderId)),
    };
  const publish =
    payloadAs(JobName.FolderPublish, job, payload) ?? payloadAs(JobName.FolderUnpublish, job, payload);
  if (publish) return { ...base, folderId: publish.folderId };
  const share = payloadAs(JobName.ExternalShare, job, payload);
  if (share)
    return {
      ...base,
      ...assets(share.contentIds),
      // The password never travels in a payload; the recipients are what the sender typed.
      share: { name: share.name, type: share.type, recipients: share.recipients },
    };
  const rejection = payloadAs(JobName.RejectionMail, job, payload);
  if (rejection) return { ...base, ...assets([rejection.contentId]), folderId: rejection.workFolderId };
  const derivatives =
    payloadAs(JobName.MakeDerivatives, job, payload) ?? payloadAs(JobName.Preflight, job, payload);
  if (derivatives) return { ...base, ...assets([derivatives.contentId]), version: derivatives.version };
  return base;
}

/** The numbers of a job's result (its counts), and a previews job's end state. */
function resultFacts(result: unknown): Pick<JobStory, 'counts' | 'state'> {
  if (result === null || typeof result !== 'object' || Array.isArray(result))
    return { counts: {}, state: null };
  const entries = Object.entries(result as Record<string, unknown>);
  const state = entries.find(([key]) => key === 'state')?.[1];
  return {
    counts: Object.fromEntries(
      entries.filter((entry): entry is [string, number] => typeof entry[1] === 'number'),
    ),
    state: typeof state === 'string' ? state : null,
  };
}

/** The story of a job: its ids named, its result's counts. */
export function storyOf(ids: StoryIds, result: unknown, names: StoryNames): JobStory {
  const tags = (action: StoryTag['action']) =>
    ids.tags.filter((t) => t.action === action).map((t) => names.tag(t.classificationId, t.tagId));
  const keys = (action: StoryKey['action']) =>
    ids.metadata
      .filter((m) => m.action === action)
      .map((m) => ({ key: m.key, label: names.metadata(m.classificationId, m.key) }));
  return {
    job: ids.job,
    assets:
      ids.total === null
        ? null
        : { total: ids.total, ids: ids.assetIds, names: ids.assetIds.map((id) => names.asset(id)) },
    folder: ids.folderId === null ? null : names.folder(ids.folderId),
    targets: ids.targetIds.map((id) => names.folder(id)),
    tags: { added: tags('add'), removed: tags('remove') },
    metadata: { set: keys('set'), removed: keys('remove') },
    share: ids.share,
    version: ids.version,
    ...resultFacts(result),
  };
}
