import { WORKFLOW_ACTIONS, type AssetOutcome } from './workflow';

/**
 * Wire types of the job dashboard and the audit log (GET /api/jobs, /api/jobs/queues, /api/audit),
 * shared by the hub and the web.
 */

/** The hub's queues; server/src/jobs/job-catalogue.ts `QueueName` spells each (its spec checks they agree). */
export const QUEUE_NAMES = ['maintenance', 'media', 'workflow'] as const;
export type QueueNameValue = (typeof QUEUE_NAMES)[number];

/** Every job of the hub's catalogue; the enum `JobName` of server/src/jobs/job-catalogue.ts spells each (checked there). */
export const JOB_NAMES = [
  'purge-expired-sessions',
  'make-derivatives',
  'workflow-accept',
  'workflow-reject',
  'workflow-move',
  'workflow-delete',
  'workflow-restore',
  'workflow-permanent-delete',
  'workflow-supplier-remove',
  'workflow-resubmit',
  'enrichment',
  'tags-bulk',
  'purge-junk',
  'purge-expired-uploads',
  'purge-incoming-orphans',
  'external-share',
  'expire-external-shares',
  'internal-share',
  'folder-publish',
  'folder-unpublish',
  'rejection-mail',
  'preflight',
  'rights-notices',
  'rights-webhook',
  'rights-digest',
  'plates-detect',
  'plates-render',
] as const;
export type JobName = (typeof JOB_NAMES)[number];

/** A job record's state; 'cancelled': removed before it started, or stopped between assets while it ran. */
export const JOB_STATES = ['waiting', 'active', 'retrying', 'completed', 'failed', 'cancelled'] as const;
export type JobState = (typeof JOB_STATES)[number];

/** States after which a job never changes again (a retry starts it over explicitly). */
export const FINAL_JOB_STATES: readonly JobState[] = ['completed', 'failed', 'cancelled'];

/** BullMQ's own counts per queue, as the dashboard shows them. */
export const QUEUE_COUNT_STATES = ['waiting', 'active', 'delayed', 'completed', 'failed'] as const;
export type QueueCountState = (typeof QUEUE_COUNT_STATES)[number];

export interface QueueStats {
  queue: string;
  counts: Record<QueueCountState, number>;
  /** A paused queue keeps its waiting jobs until it is resumed (BullMQ pauses a queue, not a job). */
  paused: boolean;
}

export interface QueueStatsResponse {
  items: QueueStats[];
}

/** How far back the admin dashboard's failure rate looks (issue 25). */
export const FAILURE_RATE_WINDOW_MINUTES = 60;

/** Jobs of one queue that finished within the window, by outcome (from the job records). */
export interface QueueOutcomes {
  queue: string;
  completed: number;
  failed: number;
}

export interface QueueOutcomesResponse {
  windowMinutes: number;
  items: QueueOutcomes[];
}

/** The failed share of the jobs that finished, 0 to 1; null when none finished. */
export function failureRate({
  completed,
  failed,
}: Pick<QueueOutcomes, 'completed' | 'failed'>): number | null {
  const finished = completed + failed;
  return finished === 0 ? null : failed / finished;
}

/** The queue's depth: jobs waiting to start, delayed ones (a backoff, a schedule) included. */
export function queueDepth(counts: QueueStats['counts']): number {
  return counts.waiting + counts.delayed;
}

/** GET /api/jobs/:id and each item of GET /api/jobs. */
export interface JobSummary {
  id: string;
  queue: string;
  name: string;
  state: JobState;
  /** 0–100. */
  progress: number;
  attempts: number;
  result: unknown;
  /** What the job was asked to do: ids and the action's fields. */
  payload: unknown;
  errorCode: string | null;
  createdBy: string;
  /** The submitter by name (issue 23), where the dashboard shows them; the username when the directory has none. */
  createdByName?: string;
  createdAt: string;
  /** When the running (or last) attempt started. */
  startedAt: string | null;
  finishedAt: string | null;
  /** A cancel was asked while it ran: it stops before its next asset. */
  cancelRequested: boolean;
  /** The job whose failed items this one runs again. */
  retryOf: string | null;
  /** Its assets done of all (null: a job not over assets); from its progress. */
  items: { done: number; total: number } | null;
  /** When a running job should end at its rate so far; null until that rate means something. */
  etaAt: string | null;
  /** Per-asset outcomes of a workflow job (GET /api/jobs/:id only). */
  outcomes?: AssetOutcome[];
  /** What the job is about, named (GET /api/jobs and GET /api/jobs/:id). */
  story?: JobStory;
}

/**
 * When a running job should end, from its completion rate so far: null before it has done
 * ETA_MIN_PROGRESS percent or run ETA_MIN_SECONDS (earlier rates are mostly start-up).
 */
export const ETA_MIN_PROGRESS = 5;
export const ETA_MIN_SECONDS = 2;

export function jobEta(startedAt: Date | null, progress: number, now: Date): Date | null {
  if (startedAt === null || progress < ETA_MIN_PROGRESS || progress >= 100) return null;
  const elapsed = now.getTime() - startedAt.getTime();
  if (elapsed < ETA_MIN_SECONDS * 1000) return null;
  return new Date(startedAt.getTime() + (elapsed * 100) / progress);
}

/** "My jobs": a page of the caller's own jobs, newest first. */
export const MY_JOBS_PAGE = { default: 20, max: 50 } as const;

/** A job that ran at least this long tells its end with a notice wherever its user is. */
export const LONG_JOB_SECONDS = 5;

/** How many asset names a story carries; the rest are counted. */
export const STORY_NAMES = 3;

/** A metadata key a job changes, with its definition's label in the asked language (null: unknown). */
export interface StoryMetadata {
  key: string;
  label: string | null;
}

/**
 * What a job is about, with names instead of ids, in the asked language: the facts the dashboard
 * tells as one sentence (the job drawer and the audit log alike). A name the provider no longer
 * has is null; an empty list or null means the job has no such part.
 */
export interface JobStory {
  /** The job's catalogue name (a JobName; a row of an older release may carry one no longer in it). */
  job: string;
  /**
   * How many assets, and the ids and names of the first STORY_NAMES (a name null: no longer
   * visible); `ids[i]` is the asset named `names[i]`, so a name can open its asset.
   */
  assets: { total: number; ids: string[]; names: (string | null)[] } | null;
  /** The folder the job acted from or on. */
  folder: string | null;
  /** Where the assets went: workflow targets, internal-share folders (null: no longer visible). */
  targets: (string | null)[];
  tags: { added: (string | null)[]; removed: (string | null)[] };
  metadata: { set: StoryMetadata[]; removed: StoryMetadata[] };
  /** An external share: its name, kind and e-mail recipients (never its password). */
  share: { name: string; type: 'link' | 'email'; recipients: string[] } | null;
  /** A content version (previews). */
  version: number | null;
  /** The numbers the job reported when it ended (its result's counts), e.g. { trashed: 2, kept: 5 }. */
  counts: Record<string, number>;
  /** A previews job's end: READY, FAILED or skipped. */
  state: string | null;
}

export interface JobListResponse {
  items: JobSummary[];
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: string | null;
}

export const AUDIT_OUTCOMES = ['success', 'failure'] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];

/** One row of the audit log: who did what to which asset and folders, and how it ended. */
export interface AuditRecordSummary {
  id: string;
  at: string;
  /** The username the row records, which the log is searched by. */
  actor: string;
  /** Who that is, by the name people know them by (issue 23); the username when the directory has none. */
  actorName: string;
  /** An AuditAction; read back from the log, a row of an older release may carry one no longer in it. */
  action: string;
  jobId: string | null;
  assetId: string | null;
  fromFolderId: string | null;
  toFolderId: string | null;
  outcome: AuditOutcome;
  errorCode: string | null;
  /** The names the ids stand for, in the asked language; null where the provider no longer has it. */
  assetName: string | null;
  fromFolderName: string | null;
  toFolderName: string | null;
  /** A row of the job itself (no asset): what the job was about, named. */
  story: JobStory | null;
}

export interface AuditListResponse {
  items: AuditRecordSummary[];
  nextCursor: string | null;
}

/** Actions the dashboard itself audits. */
export const JOB_ADMIN_ACTIONS = { retry: 'job-retry', cancel: 'job-cancel' } as const;

/** What a job records for each asset it acts on: the workflow's actions and the other jobs' verbs. */
export const AUDIT_ASSET_ACTIONS = [
  ...WORKFLOW_ACTIONS,
  'resubmit',
  'enrichment',
  'tags-bulk',
  'internal-share',
  'purge-junk',
] as const;

/** The actions of audit rows that are not a job's own row (those carry the job's name, JOB_NAMES). */
export const AUDIT_ACTIONS = [...AUDIT_ASSET_ACTIONS, ...Object.values(JOB_ADMIN_ACTIONS)] as const;

export const isJobName = (name: string): name is JobName => (JOB_NAMES as readonly string[]).includes(name);
export const isAuditAssetAction = (action: string): action is AuditAssetAction =>
  (AUDIT_ASSET_ACTIONS as readonly string[]).includes(action);
export type AuditAssetAction = (typeof AUDIT_ASSET_ACTIONS)[number];
/** What an audit row records as its action: one of AUDIT_ACTIONS, or a job's own row with the job's name. */
export type AuditAction = (typeof AUDIT_ACTIONS)[number] | JobName;

/** Page sizes of the dashboard's lists. */
export const DASHBOARD_PAGE = { default: 50, max: 200 } as const;
