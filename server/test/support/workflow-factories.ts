import {
  FOLDER_CODES,
  WORKFLOW_METADATA,
  WORKFLOW_TAGS,
  approvalStepCode,
  departmentFolderPrettyId,
  deriveRoles,
} from '@paddock/rules';
import type { AssetAuditEntry, JobAuditEntry } from '../../src/audit/audit-record';
import type { AuditRepository } from '../../src/audit/audit.repository';
import type { AuthUser } from '../../src/common/auth-user';
import type { Clock } from '../../src/common/clock';
import type { JobName, JobPayloads } from '../../src/jobs/job-catalogue';
import type { JobContext } from '../../src/jobs/job-handler';
import type { JobsService } from '../../src/jobs/jobs.service';
import { DEMO_USERS, SERVICE_ACCOUNT, demoFolders } from '../../src/seed/demo-data';
import {
  InMemoryProvider,
  SERVICE_USER,
  tokenOf,
  type ContentRecord,
  type Grant,
} from './in-memory-provider';

/** The demo department every factory builds in (prettyIds `<code>-marketing`). */
const DEPARTMENT = 'marketing';

/** The prettyId of the demo department's folder of a SPEC §3 code. */
function special(code: string): string {
  return departmentFolderPrettyId(code, DEPARTMENT);
}

export const FOLDERS = {
  top: `dept-${DEPARTMENT}`,
  suppliers: special(FOLDER_CODES.suppliers),
  supplier: `${special(FOLDER_CODES.suppliers)}-fotostudio`,
  supplierWork: special(FOLDER_CODES.supplierWork),
  /** What the maker sends the supplier (supplierSent for staff, supplierRecieved for the supplier). */
  inbox: `inbox-${DEPARTMENT}-fotostudio`,
  approval: special(FOLDER_CODES.approval),
  step1: special(approvalStepCode(1)),
  step2: special(approvalStepCode(2)),
  rejected: special(FOLDER_CODES.rejected),
  enrichment: special(FOLDER_CODES.enrichment),
  archive: special(FOLDER_CODES.departmentArchive),
  internalShared: special(FOLDER_CODES.internalShared),
  junk: special(FOLDER_CODES.junk),
} as const;

/**
 * The demo organisation's users by role (server/src/seed/demo-data.ts), roles derived by
 * @paddock/rules from their groups as at sign-in: mario.rossi user, anna.bianchi approver of step 1,
 * luca.conti approver of step 2 (the last), paola.neri observer, giulia.basic basic_user, admin,
 * foto.studio supplier.
 */
export type DemoUsername =
  | 'mario.rossi'
  | 'anna.bianchi'
  | 'luca.conti'
  | 'paola.neri'
  | 'giulia.basic'
  | 'admin'
  | 'foto.studio'
  | 'sara.branch';

export function userOf(username: DemoUsername): AuthUser {
  const demo = DEMO_USERS.find((u) => u.username === username)!;
  const derived = deriveRoles(
    demo.groups.map((name) => ({ id: name, name })),
    demo.companyName,
  );
  return {
    username,
    roles: derived.roles,
    primaryRole: derived.primaryRole,
    department: derived.department,
    departmentRestricted: derived.departmentRestricted,
    approvalSteps: derived.approvalSteps,
    providerToken: tokenOf(username),
    sessionId: `session-of-${username}`,
  };
}

/**
 * An in-memory provider holding the demo department's SPEC §3 tree with the demo ACLs (the
 * service account writes everywhere the workflow goes) and every demo user's groups.
 */
export function demoProvider(): InMemoryProvider {
  const provider = new InMemoryProvider();
  for (const user of DEMO_USERS) provider.members.set(user.username, user.groups);
  provider.members.set(SERVICE_USER, [SERVICE_ACCOUNT.group]);
  const idOf = new Map<string, string>();
  for (const f of demoFolders().filter((d) => d.prettyId.includes(DEPARTMENT))) {
    const id = provider.id('folder');
    idOf.set(f.prettyId, id);
    provider.folders.set(id, {
      id,
      prettyId: f.prettyId,
      parentId: f.parent ? idOf.get(f.parent)! : null,
      names: { IT: f.it, EN: f.en },
      isSupplier: f.isSupplier ?? false,
      acl: new Map(Object.entries(f.acl)),
    });
  }
  return provider;
}

/** A folder below `parent` (a prettyId) with its own ACL (group → rights); answers its id. */
export function folderIn(
  provider: InMemoryProvider,
  prettyId: string,
  parent: string | null,
  acl: Record<string, Grant>,
): string {
  const id = provider.id('folder');
  provider.folders.set(id, {
    id,
    prettyId,
    parentId: parent ? provider.folderByPrettyId(parent).id : null,
    names: { IT: prettyId, EN: prettyId },
    isSupplier: false,
    acl: new Map(Object.entries(acl)),
  });
  return id;
}

/** What a content carries besides its folders. */
export interface ContentState {
  tags?: string[];
  metadata?: Record<string, string>;
  names?: { IT?: string; EN?: string };
  owner?: string;
  contentType?: string;
  /** The current version of its file; 1 unless given. */
  version?: number;
  /** Its id, when it must be a UUID (as in a job's payload); a made-up one otherwise. */
  id?: string;
}

/** A content linked to the folders named by prettyId; answers its id. */
export function contentIn(provider: InMemoryProvider, prettyIds: string[], state: ContentState = {}): string {
  const id = state.id ?? provider.id('content');
  const names = state.names ?? { IT: `${id} it`, EN: `${id} en` };
  const content: ContentRecord = {
    id,
    contentType: state.contentType ?? 'IMAGE',
    // Owned by nobody who acts: an owner sees and writes a content whatever its folders.
    owner: state.owner ?? 'nobody',
    extension: 'jpg',
    locales: Object.entries(names).map(([locale, name]) => ({ locale, name })),
    folderIds: prettyIds.map((p) => provider.folderByPrettyId(p).id),
    itags: (state.tags ?? []).map((t) => ({ id: t, classificationId: WORKFLOW_TAGS.classification })),
    imetadata: Object.entries(state.metadata ?? {}).map(([key, value]) => ({
      key,
      value,
      classificationId: WORKFLOW_TAGS.classification,
    })),
    trashed: false,
    version: state.version ?? 1,
  };
  provider.contents.set(id, content);
  return id;
}

/** A content at approval step `step`, as a supplier delivery reaches it (also in the supplier work folder). */
export function contentAtStep(provider: InMemoryProvider, step: number, state: ContentState = {}): string {
  return contentIn(provider, [FOLDERS.supplierWork, special(approvalStepCode(step))], state);
}

/** A content in the junk, deleted `daysAgo` days (fractions too) before `now`. */
export function contentInJunk(
  provider: InMemoryProvider,
  now: Date,
  daysAgo: number,
  also: string[] = [],
): string {
  const deletedAt = Math.floor(now.getTime() / 1000 - daysAgo * 86_400);
  return contentIn(provider, [FOLDERS.junk, ...also], {
    tags: [WORKFLOW_TAGS.deleted],
    metadata: { [WORKFLOW_METADATA.deletedAt]: String(deletedAt) },
  });
}

/** A clock that stays where it is put. */
export function fixedClock(at = new Date('2026-06-15T08:00:00.000Z')): Clock & { at: Date } {
  return {
    at,
    now() {
      return this.at;
    },
  };
}

/** A job's context that keeps the progress it is told. */
/** `stop`: whether its user has asked the job to stop (a cancel while it runs). */
export function jobContext(
  jobId = 'job-1',
  actor = 'anna.bianchi',
  stop: () => boolean = () => false,
): JobContext & { reported: number[] } {
  const reported: number[] = [];
  return {
    jobId,
    actor,
    attempt: 1,
    startedBefore: false,
    reported,
    progress: (percent) => {
      reported.push(percent);
      return Promise.resolve();
    },
    stopRequested: () => Promise.resolve(stop()),
  };
}

/** What a service submitted, in place of JobsService (the unit layer runs no queue). */
export interface SubmittedJob {
  name: JobName;
  payload: JobPayloads[JobName];
  actor: string;
  /** Kept only when given (a job id chosen by the service). */
  options?: Parameters<JobsService['submit']>[3];
}

export function recordingJobs(): Pick<JobsService, 'submit'> & { submitted: SubmittedJob[] } {
  const submitted: SubmittedJob[] = [];
  return {
    submitted,
    submit: (name, payload, actor, options) => {
      submitted.push({ name, payload, actor, ...(options ? { options } : {}) });
      return Promise.resolve({ jobId: options?.jobId ?? `job-${submitted.length}` });
    },
  };
}

/** The audit rows a job writes, in place of AuditRepository; outcomes read back as a retry would. */
export function recordingAudit(): Pick<
  AuditRepository,
  'recordAssetOutcomes' | 'recordJobOutcome' | 'assetOutcomesOf'
> & {
  assets: AssetAuditEntry[];
  jobs: JobAuditEntry[];
} {
  const assets: AssetAuditEntry[] = [];
  const jobs: JobAuditEntry[] = [];
  return {
    assets,
    jobs,
    // As the audit does: a second record of a content by the same job replaces its row.
    recordAssetOutcomes: (entries) => {
      for (const entry of entries) {
        const earlier = assets.findIndex(
          (a) => a.jobId === entry.jobId && a.outcome.contentId === entry.outcome.contentId,
        );
        if (earlier >= 0) assets.splice(earlier, 1, entry);
        else assets.push(entry);
      }
      return Promise.resolve();
    },
    recordJobOutcome: (entry) => {
      jobs.push(entry);
      return Promise.resolve();
    },
    assetOutcomesOf: (jobId) =>
      Promise.resolve(assets.filter((a) => a.jobId === jobId).map((a) => a.outcome)),
  };
}
