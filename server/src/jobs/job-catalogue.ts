import {
  INTERNAL_SHARE_MAX_TARGETS,
  LIMITS,
  SHARE_LANGUAGES,
  SHARE_RECIPIENTS_MAX,
  SHARE_TEXT_LIMITS,
  SHARE_TYPES,
  type FolderPublishResult,
  type PreflightVerdict,
  type JobName as JobNameOfRules,
} from '@paddock/rules';
import type { JobsOptions } from 'bullmq';
import { hostname } from 'node:os';
import { z } from 'zod';

/**
 * The one catalogue of background jobs (CONVENTIONS §6): every queue, every job, its payload,
 * its result, and the retry/retention policy, declared here and nowhere else.
 *
 * Adding a queue: one entry in `QueueName` + `QUEUES`, one processor class (see
 * maintenance.processor.ts) listed in `JobsModule`.
 * Adding a job: one entry in `JobName`, `JOBS` and `JobResults`, and one `@JobHandlerFor` class.
 * A worker refuses to boot while a job of the catalogue has no handler.
 */
export enum QueueName {
  Maintenance = 'maintenance',
  Media = 'media',
  Workflow = 'workflow',
}

export enum JobName {
  PurgeExpiredSessions = 'purge-expired-sessions',
  MakeDerivatives = 'make-derivatives',
  WorkflowAccept = 'workflow-accept',
  WorkflowReject = 'workflow-reject',
  WorkflowMove = 'workflow-move',
  WorkflowDelete = 'workflow-delete',
  WorkflowRestore = 'workflow-restore',
  WorkflowPermanentDelete = 'workflow-permanent-delete',
  WorkflowSupplierRemove = 'workflow-supplier-remove',
  WorkflowResubmit = 'workflow-resubmit',
  Enrichment = 'enrichment',
  TagsBulk = 'tags-bulk',
  PurgeJunk = 'purge-junk',
  PurgeExpiredUploads = 'purge-expired-uploads',
  PurgeIncomingOrphans = 'purge-incoming-orphans',
  ExternalShare = 'external-share',
  ExpireExternalShares = 'expire-external-shares',
  InternalShare = 'internal-share',
  FolderPublish = 'folder-publish',
  FolderUnpublish = 'folder-unpublish',
  RejectionMail = 'rejection-mail',
  Preflight = 'preflight',
  RightsNotices = 'rights-notices',
  RightsWebhook = 'rights-webhook',
  RightsDigest = 'rights-digest',
  PlatesDetect = 'plates-detect',
  PlatesRender = 'plates-render',
}

/** The enum spells exactly the jobs of packages/rules JOB_NAMES: one more or one less does not compile. */
type SameJobs = [`${JobName}`] extends [JobNameOfRules]
  ? [JobNameOfRules] extends [`${JobName}`]
    ? true
    : false
  : false;
export const CATALOGUE_SPELLS_JOB_NAMES: SameJobs = true;

/** Who a job acts for when nobody submitted it (schedules, jobs found in Redis without a record). */
export const SYSTEM_ACTOR = 'system';

/** Retry and retention of a queue's jobs. Postgres (JobRecord, AuditRecord) keeps the history. */
export interface JobPolicy {
  /** Tries in all, the first one included. */
  attempts: number;
  /** First retry delay; each next one doubles (BullMQ exponential backoff). */
  backoffMs: number;
  /** How many finished jobs Redis keeps per queue (the newest). */
  keepCompleted: number;
  keepFailed: number;
}

export interface QueueDefinition {
  /** Jobs one worker process runs at the same time on this queue. */
  concurrency: number;
  policy: JobPolicy;
  /**
   * How long a worker's lock on a running job lasts without renewal (BullMQ default 30 s). A
   * killed worker stops renewing: after this much the job counts as stalled and another worker
   * takes it again.
   */
  lockDurationMs?: number;
  /** How often a worker renews the locks of its running jobs (BullMQ default: half the lock). */
  lockRenewMs?: number;
  /** How often workers look for stalled jobs (BullMQ default 30 s). */
  stalledIntervalMs?: number;
  /** Stall recoveries before the job fails for good (BullMQ default 1). */
  maxStalledCount?: number;
}

/**
 * The lock of queues whose jobs are idempotent steps, so a crashed worker's job runs again soon:
 * renewed every 2 s, it lapses 6–8 s after a kill, and a live worker finds it within the 1 s check,
 * so a job runs again within about 9 s of its worker's death (the crash campaign measures it,
 * docs/benchmarks.md). The renewal is frequent rather than the lock long: a live worker whose event
 * loop stalls for up to 6 s (a GC pause on a loaded machine) keeps its jobs; a longer stall has a
 * job tried twice, whose work still happens once. Three stalls in a row end the job failed, as a
 * poison job that kills its worker must.
 */
const SHORT_LOCK = {
  lockDurationMs: 8_000,
  lockRenewMs: 2_000,
  stalledIntervalMs: 1_000,
  maxStalledCount: 3,
} as const;

export const QUEUES: Readonly<Record<QueueName, QueueDefinition>> = {
  // The purges hold the same short lock as the workflow: a crashed worker's purge resumes in seconds.
  [QueueName.Maintenance]: {
    concurrency: 1,
    policy: { attempts: 3, backoffMs: 30_000, keepCompleted: 200, keepFailed: 1_000 },
    ...SHORT_LOCK,
  },
  // Media work is CPU-bound (sharp, ffmpeg): two at a time per worker process; a failed try is
  // usually a blob store or database hiccup, worth a quick retry.
  [QueueName.Media]: {
    concurrency: 2,
    policy: { attempts: 4, backoffMs: 5_000, keepCompleted: 1_000, keepFailed: 5_000 },
  },
  // Approval, moves, junk (SPEC §4): mostly waiting on the provider, so four at a time; a short
  // lock so the work of a crashed worker resumes within seconds (every step is idempotent).
  [QueueName.Workflow]: {
    concurrency: 4,
    policy: { attempts: 5, backoffMs: 2_000, keepCompleted: 1_000, keepFailed: 5_000 },
    ...SHORT_LOCK,
  },
};

const folderId = z.string().min(1).max(200);

/**
 * A workflow job: per content, the folder it leaves and the one it goes to, decided when the
 * user submitted (so a retry does exactly the same), and the department junk folder that takes
 * a content whose move fails (SPEC §4).
 */
const workflowPayload = z.strictObject({
  /** The folder the user acted from. */
  folderId,
  plan: z
    .array(z.strictObject({ contentId: z.uuid(), from: folderId.nullable(), to: folderId.nullable() }))
    .min(1)
    .max(LIMITS.workflowMaxAssets),
  junkFolderId: folderId.nullable(),
  /** Accept at the last step: the enrichment folder is the target; note and drawing are cleared. */
  lastStep: z.boolean().optional(),
  /** Reject: the note (required by the hub) and the drawing (JSON Canvas). */
  note: z.string().optional(),
  canvas: z.string().optional(),
});
export type WorkflowPayload = z.infer<typeof workflowPayload>;

/**
 * An external share (SPEC §3): what the user asked for, checked by the hub. The password is not
 * here (payloads are kept and shown): it waits for the job in ShareSecrets under the job's id.
 */
const externalSharePayload = z.strictObject({
  type: z.enum(SHARE_TYPES),
  name: z.string().min(1).max(SHARE_TEXT_LIMITS.name),
  contentIds: z.array(z.uuid()).min(1).max(LIMITS.externalShareMaxFiles),
  message: z.string().max(SHARE_TEXT_LIMITS.message),
  disclaimer: z.string().max(SHARE_TEXT_LIMITS.disclaimer),
  contentDownload: z.boolean(),
  expiresAt: z.iso.datetime(),
  language: z.enum(SHARE_LANGUAGES),
  recipients: z.array(z.string().max(254)).max(SHARE_RECIPIENTS_MAX),
  /**
   * Where the user shared from (checked by the hub): the request's `contextId` (SPEC §3). Jobs
   * recorded before it was carried have none; their stories and retries still read.
   */
  folderId: folderId.optional(),
});
export type ExternalSharePayload = z.infer<typeof externalSharePayload>;

/**
 * An internal share (SPEC §4): the contents, seen in `folderId`, linked to each target; whether a
 * target is an internal-share folder (tag and metadata) is decided at submit time.
 */
const internalSharePayload = z.strictObject({
  folderId,
  contentIds: z.array(z.uuid()).min(1).max(LIMITS.workflowMaxAssets),
  targets: z
    .array(z.strictObject({ folderId, internal: z.boolean() }))
    .min(1)
    .max(INTERNAL_SHARE_MAX_TARGETS),
});
export type InternalSharePayload = z.infer<typeof internalSharePayload>;

/** Publish or unpublish one folder's contents (SPEC §4 "Folders"). */
const folderPublishPayload = z.strictObject({ folderId });
export type FolderPublishPayload = z.infer<typeof folderPublishPayload>;

const classificationId = z.string().min(1).max(50);
/** Only these contents of the job (an overwrite flag off leaves those that have a value); default all. */
const opTargets = z.array(z.uuid()).max(LIMITS.taggingMaxAssets).optional();

/**
 * One change over the job's contents, decided at submit time (so a retry does exactly the same):
 * a tag added or removed, a metadata value set (replaced) or a key removed. Each is idempotent.
 */
const enrichmentOp = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('tag'),
    action: z.enum(['add', 'remove']),
    tagId: z.string().min(1).max(200),
    classificationId,
    contentIds: opTargets,
  }),
  z.strictObject({
    kind: z.literal('metadata'),
    action: z.enum(['set', 'remove']),
    key: z.string().min(1).max(50),
    value: z.string().max(10_000).optional(),
    classificationId,
    contentIds: opTargets,
  }),
]);
export type EnrichmentOp = z.infer<typeof enrichmentOp>;

/** An enrichment (the wizard's confirmation) or a bulk tag change: its contents and its changes. */
const enrichmentPayload = z.strictObject({
  folderId,
  contentIds: z.array(z.uuid()).min(1).max(LIMITS.taggingMaxAssets),
  ops: z.array(enrichmentOp).min(1).max(200),
});
export type EnrichmentPayload = z.infer<typeof enrichmentPayload>;

/**
 * The supplier's mail about one rejected delivery (issue 23): the content, the supplier work folder
 * it was delivered to, who gets the mail, and the rejection as it was made (a later decision
 * changes the content's note, not what this rejection said).
 */
const rejectionMailPayload = z.strictObject({
  contentId: z.uuid(),
  workFolderId: folderId,
  recipient: z.string().min(1).max(200),
  rejectedBy: z.string().min(1).max(200),
  note: z.string().max(10_000),
});
export type RejectionMailPayload = z.infer<typeof rejectionMailPayload>;

/**
 * A version's pre-flight (issue 27): `department` is the uploader's, used when the content's
 * folders name none; `afterwards` is what the version does once the check lets it (no block):
 * a delivery enters approval step 1, a rejected content's new version goes back to it.
 */
const preflightPayload = z.strictObject({
  contentId: z.uuid(),
  version: z.int().min(1),
  department: z.string().max(100).nullable(),
  afterwards: z
    .discriminatedUnion('kind', [
      z.strictObject({ kind: z.literal('enterStep1'), folderId }),
      z.strictObject({ kind: z.literal('resubmit'), payload: workflowPayload }),
    ])
    .nullable(),
});
export type AfterPreflight = z.infer<typeof preflightPayload>['afterwards'];

/** Payloads carry ids only; handlers reload what they need and must be idempotent. */
const payloadSchemas = {
  [JobName.PurgeExpiredSessions]: z.strictObject({}),
  [JobName.MakeDerivatives]: z.strictObject({ contentId: z.uuid(), version: z.int().min(1) }),
  [JobName.WorkflowAccept]: workflowPayload,
  [JobName.WorkflowReject]: workflowPayload,
  [JobName.WorkflowMove]: workflowPayload,
  [JobName.WorkflowDelete]: workflowPayload,
  [JobName.WorkflowRestore]: workflowPayload,
  [JobName.WorkflowPermanentDelete]: workflowPayload,
  [JobName.WorkflowSupplierRemove]: workflowPayload,
  [JobName.WorkflowResubmit]: workflowPayload,
  [JobName.Enrichment]: enrichmentPayload,
  [JobName.TagsBulk]: enrichmentPayload,
  [JobName.PurgeJunk]: z.strictObject({}),
  [JobName.PurgeExpiredUploads]: z.strictObject({}),
  [JobName.PurgeIncomingOrphans]: z.strictObject({}),
  [JobName.ExternalShare]: externalSharePayload,
  [JobName.ExpireExternalShares]: z.strictObject({}),
  [JobName.InternalShare]: internalSharePayload,
  [JobName.FolderPublish]: folderPublishPayload,
  [JobName.FolderUnpublish]: folderPublishPayload,
  [JobName.RejectionMail]: rejectionMailPayload,
  [JobName.Preflight]: preflightPayload,
  [JobName.RightsNotices]: z.strictObject({}),
  [JobName.RightsWebhook]: z.strictObject({ deliveryId: z.uuid() }),
  [JobName.RightsDigest]: z.strictObject({}),
  [JobName.PlatesDetect]: z.strictObject({ contentId: z.uuid() }),
  [JobName.PlatesRender]: z.strictObject({ contentId: z.uuid() }),
} satisfies Record<JobName, z.ZodType<object>>;

export type JobPayloads = { [N in JobName]: z.infer<(typeof payloadSchemas)[N]> };

/** Fails to compile while a job of the catalogue is missing from `T`. */
type EveryJob<T extends Record<JobName, unknown>> = T;

/** How many contents of a workflow job ended each way (the per-asset outcomes are in the audit). */
export interface WorkflowResult {
  total: number;
  done: number;
  unchanged: number;
  junk: number;
  failed: number;
}

/** An enrichment job's counts (per-asset outcomes in the audit) and the provider calls it made. */
export interface EnrichmentResult extends WorkflowResult {
  providerCalls: number;
}

/** What a finished job reports (stored in JobRecord.result and sent to watchers). */
export type JobResults = EveryJob<{
  [JobName.PurgeExpiredSessions]: { deleted: number };
  /** `skipped` when the version is no longer the content's current one (a newer job does it). */
  [JobName.MakeDerivatives]: { derivatives: string[]; state: 'READY' | 'FAILED' | 'skipped' };
  [JobName.WorkflowAccept]: WorkflowResult;
  [JobName.WorkflowReject]: WorkflowResult;
  [JobName.WorkflowMove]: WorkflowResult;
  [JobName.WorkflowDelete]: WorkflowResult;
  [JobName.WorkflowRestore]: WorkflowResult;
  [JobName.WorkflowPermanentDelete]: WorkflowResult;
  [JobName.WorkflowSupplierRemove]: WorkflowResult;
  [JobName.WorkflowResubmit]: WorkflowResult;
  [JobName.Enrichment]: EnrichmentResult;
  [JobName.TagsBulk]: EnrichmentResult;
  /** Junk contents past the retention trashed, those still kept, and those past it a legal hold kept. */
  [JobName.PurgeJunk]: { trashed: number; kept: number; failed: number; held: number };
  /** Unfinished tus uploads past UPLOAD_EXPIRY_HOURS removed, and those still in time. */
  [JobName.PurgeExpiredUploads]: { removed: number; kept: number };
  /** Built-in provider files under incoming/ older than UPLOAD_EXPIRY_HOURS that no content uses. */
  [JobName.PurgeIncomingOrphans]: { removed: number; kept: number };
  /** The share made and the invitations sent. */
  [JobName.ExternalShare]: ExternalShareResult;
  /** Shares whose validity passed since the last run, marked expired now. */
  [JobName.ExpireExternalShares]: { expired: number };
  [JobName.InternalShare]: WorkflowResult;
  [JobName.FolderPublish]: FolderPublishResult;
  [JobName.FolderUnpublish]: FolderPublishResult;
  /** 1 when the mail went (now or by an earlier try), 0 when the supplier no longer wants it. */
  [JobName.RejectionMail]: { sent: number };
  /**
   * The report's verdict (null when the version was no longer current or the content gone), and
   * the resubmit job it started for a rejected content's new version that passed.
   */
  [JobName.Preflight]: { verdict: PreflightVerdict | null; resubmitJobId: string | null };
  /** Assets with a rights event, notices claimed now, and mails sent / deliveries submitted (docs/rights-notices.md). */
  [JobName.RightsNotices]: { assets: number; claimed: number; mailed: number; webhooks: number };
  /** Whether the receiver took it (2xx), and its last answer's status. */
  [JobName.RightsWebhook]: { delivered: boolean; status: number | null };
  /** Digest mails sent and the notices they carried. */
  [JobName.RightsDigest]: { mails: number; notices: number };
  /**
   * The boxes proposed; `kept` when a person had confirmed boxes (never overwritten), `skipped`
   * when the content is gone or no image.
   */
  [JobName.PlatesDetect]: { boxes: number; state: 'proposed' | 'kept' | 'skipped' };
  /** The blurred renditions written; `skipped` when the image has no box or is in no live share. */
  [JobName.PlatesRender]: { renditions: number; state: 'rendered' | 'skipped' };
}>;

/**
 * No link: a link opens the share, and job records are read by admins and kept in Redis. Its owner
 * reads the links from the provider by the share id (`GET /api/external-shares/{id}`).
 */
export interface ExternalShareResult {
  shareId: string;
  sent: number;
}

/** A request for a job: the discriminated union of every job and its payload. */
export type JobRequest = { [N in JobName]: { name: N; payload: JobPayloads[N] } }[JobName];

export interface JobDefinition<N extends JobName = JobName> {
  queue: QueueName;
  payload: z.ZodType<JobPayloads[N]>;
  /** Overrides of the queue's policy for this job only. */
  policy?: Partial<JobPolicy>;
}

export const JOBS: Readonly<{ [N in JobName]: JobDefinition<N> }> = {
  [JobName.PurgeExpiredSessions]: {
    queue: QueueName.Maintenance,
    payload: payloadSchemas[JobName.PurgeExpiredSessions],
  },
  [JobName.MakeDerivatives]: {
    queue: QueueName.Media,
    payload: payloadSchemas[JobName.MakeDerivatives],
  },
  [JobName.WorkflowAccept]: { queue: QueueName.Workflow, payload: workflowPayload },
  [JobName.WorkflowReject]: { queue: QueueName.Workflow, payload: workflowPayload },
  [JobName.WorkflowMove]: { queue: QueueName.Workflow, payload: workflowPayload },
  [JobName.WorkflowDelete]: { queue: QueueName.Workflow, payload: workflowPayload },
  [JobName.WorkflowRestore]: { queue: QueueName.Workflow, payload: workflowPayload },
  [JobName.WorkflowPermanentDelete]: { queue: QueueName.Workflow, payload: workflowPayload },
  [JobName.WorkflowSupplierRemove]: { queue: QueueName.Workflow, payload: workflowPayload },
  [JobName.WorkflowResubmit]: { queue: QueueName.Workflow, payload: workflowPayload },
  // Enrichment waits on the provider like the workflow, and its steps are idempotent too.
  [JobName.Enrichment]: { queue: QueueName.Workflow, payload: enrichmentPayload },
  [JobName.TagsBulk]: { queue: QueueName.Workflow, payload: enrichmentPayload },
  [JobName.PurgeJunk]: { queue: QueueName.Maintenance, payload: payloadSchemas[JobName.PurgeJunk] },
  [JobName.PurgeExpiredUploads]: {
    queue: QueueName.Maintenance,
    payload: payloadSchemas[JobName.PurgeExpiredUploads],
  },
  // The built-in provider's own clean-up: on its queue (media), which runs exactly where the
  // built-in provider does (AppModule), so a hub on a real provider neither schedules nor needs it.
  [JobName.PurgeIncomingOrphans]: {
    queue: QueueName.Media,
    payload: payloadSchemas[JobName.PurgeIncomingOrphans],
  },
  // Waits on the provider and the mail server, as the workflow's jobs do. Each try sends only the
  // invitations not sent yet, so the queue's retries are the mail's retries.
  [JobName.ExternalShare]: { queue: QueueName.Workflow, payload: externalSharePayload },
  // The built-in provider's own shares: on its queue, like the incoming clean-up.
  [JobName.ExpireExternalShares]: {
    queue: QueueName.Media,
    payload: payloadSchemas[JobName.ExpireExternalShares],
  },
  // Links, tags and metadata at the provider, per content and idempotent, like the workflow's.
  [JobName.InternalShare]: { queue: QueueName.Workflow, payload: internalSharePayload },
  [JobName.FolderPublish]: { queue: QueueName.Workflow, payload: folderPublishPayload },
  [JobName.FolderUnpublish]: { queue: QueueName.Workflow, payload: folderPublishPayload },
  // Waits on the mail server as the external share does; the queue's retries are the mail's.
  [JobName.RejectionMail]: { queue: QueueName.Workflow, payload: rejectionMailPayload },
  // On the workflow's queue, not the media one: it runs on any provider (the media queue only runs
  // with the built-in one), and it gates the workflow. sharp works off the event loop, and ffprobe
  // and pdfinfo are processes of their own, so the short lock holds.
  [JobName.Preflight]: { queue: QueueName.Workflow, payload: payloadSchemas[JobName.Preflight] },
  // Rights notices (docs/rights-notices.md): the daily scan and digest are maintenance; a webhook
  // delivery waits on a receiver, so it runs beside the workflow's jobs, tried six times over
  // about five minutes (5 s doubling) before it counts as failed.
  [JobName.RightsNotices]: { queue: QueueName.Maintenance, payload: payloadSchemas[JobName.RightsNotices] },
  [JobName.RightsWebhook]: {
    queue: QueueName.Workflow,
    payload: payloadSchemas[JobName.RightsWebhook],
    policy: { attempts: 6, backoffMs: 5_000 },
  },
  [JobName.RightsDigest]: { queue: QueueName.Maintenance, payload: payloadSchemas[JobName.RightsDigest] },
  // Detection runs on any provider, like the pre-flight: on the workflow's queue. opencv.js holds
  // the event loop for a scale at a time (well under a second at 2400 px), within the short lock.
  [JobName.PlatesDetect]: { queue: QueueName.Workflow, payload: payloadSchemas[JobName.PlatesDetect] },
  // The built-in provider's share page serves what it renders: on its queue, like the share expiry.
  [JobName.PlatesRender]: { queue: QueueName.Media, payload: payloadSchemas[JobName.PlatesRender] },
};

/** Recurring jobs. Only enqueue: BullMQ job schedulers fire once however many workers run. */
export interface ScheduleDefinition<N extends JobName = JobName> {
  /** Stable scheduler id: upserting it again replaces, never duplicates. */
  id: string;
  job: N;
  payload: JobPayloads[N];
  /** Cron pattern, evaluated in `tz`. */
  pattern: string;
  tz: string;
}

export const SCHEDULES: readonly ScheduleDefinition[] = [
  {
    id: 'nightly-purge-expired-sessions',
    job: JobName.PurgeExpiredSessions,
    payload: {},
    pattern: '0 3 * * *',
    tz: 'UTC',
  },
  // SPEC §4: junk older than LIMITS.junkRetentionDays is deleted for good, every night.
  { id: 'nightly-purge-junk', job: JobName.PurgeJunk, payload: {}, pattern: '0 2 * * *', tz: 'UTC' },
  // Hourly: an abandoned upload holds its bytes at most UPLOAD_EXPIRY_HOURS and one hour more.
  {
    id: 'hourly-purge-expired-uploads',
    job: JobName.PurgeExpiredUploads,
    payload: {},
    pattern: '17 * * * *',
    tz: 'UTC',
  },
  // Shares live 24 h by default (SPEC §9): marked expired within five minutes of the end (access
  // checks the time itself on every request).
  {
    id: 'expire-external-shares',
    job: JobName.ExpireExternalShares,
    payload: {},
    pattern: '*/5 * * * *',
    tz: 'UTC',
  },
  // Rights notices every morning, then the day's digests (docs/rights-notices.md).
  { id: 'daily-rights-notices', job: JobName.RightsNotices, payload: {}, pattern: '30 4 * * *', tz: 'UTC' },
  { id: 'daily-rights-digest', job: JobName.RightsDigest, payload: {}, pattern: '0 6 * * *', tz: 'UTC' },
  {
    id: 'hourly-purge-incoming-orphans',
    job: JobName.PurgeIncomingOrphans,
    payload: {},
    pattern: '47 * * * *',
    tz: 'UTC',
  },
];

export const ALL_QUEUES: readonly QueueName[] = Object.values(QueueName);
export const ALL_JOBS: readonly JobName[] = Object.values(JobName);

/** The workflow's jobs: those that carry a workflow plan (read off the catalogue, so a new one joins). */
export const WORKFLOW_JOB_NAMES: ReadonlySet<JobName> = new Set(
  ALL_JOBS.filter((name) => JOBS[name].payload === workflowPayload),
);

export function isJobName(name: string): name is JobName {
  return (ALL_JOBS as readonly string[]).includes(name);
}

export function queueOf(name: JobName): QueueName {
  return JOBS[name].queue;
}

export function jobsOfQueue(queue: QueueName): JobName[] {
  return ALL_JOBS.filter((name) => JOBS[name].queue === queue);
}

/**
 * This process as a worker names itself to BullMQ (a job's `processedBy`): an operator, and the
 * crash campaign, tell which process runs a job.
 */
export const WORKER_NAME = `${hostname()}#${process.pid}`;

/** Options of a queue's BullMQ worker (its connection and prefix come from JobsModule). */
export function workerOptionsOf(queue: QueueName): {
  name: string;
  concurrency: number;
  lockDuration?: number;
  lockRenewTime?: number;
  stalledInterval?: number;
  maxStalledCount?: number;
} {
  const q = QUEUES[queue];
  return {
    name: WORKER_NAME,
    concurrency: q.concurrency,
    ...(q.lockDurationMs ? { lockDuration: q.lockDurationMs } : {}),
    ...(q.lockRenewMs ? { lockRenewTime: q.lockRenewMs } : {}),
    ...(q.stalledIntervalMs ? { stalledInterval: q.stalledIntervalMs } : {}),
    ...(q.maxStalledCount ? { maxStalledCount: q.maxStalledCount } : {}),
  };
}

export function policyOf(name: JobName): JobPolicy {
  return { ...QUEUES[queueOf(name)].policy, ...JOBS[name].policy };
}

/** BullMQ options of a policy: attempts, exponential backoff, retention by count. */
export function bullOptionsOf(policy: JobPolicy): JobsOptions {
  return {
    attempts: policy.attempts,
    backoff: { type: 'exponential', delay: policy.backoffMs },
    removeOnComplete: { count: policy.keepCompleted },
    removeOnFail: { count: policy.keepFailed },
  };
}

export function jobOptionsOf(name: JobName): JobsOptions {
  return bullOptionsOf(policyOf(name));
}

export type PayloadCheck<N extends JobName> =
  { ok: true; payload: JobPayloads[N] } | { ok: false; problems: string[] };

/** Payloads come back from Redis as untyped JSON: every use checks them against the catalogue. */
export function checkPayload<N extends JobName>(name: N, data: unknown): PayloadCheck<N> {
  const schema: z.ZodType<JobPayloads[N]> = JOBS[name].payload;
  const parsed = schema.safeParse(data);
  if (parsed.success) return { ok: true, payload: parsed.data };
  return {
    ok: false,
    problems: parsed.error.issues.map((i) => `${i.path.join('.') || '(payload)'} ${i.message}`),
  };
}
