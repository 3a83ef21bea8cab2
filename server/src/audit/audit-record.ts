import type { AssetOutcome, AuditAction, AuditOutcome, JobErrorCode } from '@paddock/rules';
import type { JsonObject, JsonValue } from '../common/json';

/** The domain view of audit rows; only audit.repository.ts knows they live in Prisma. */

/** One audit row: who did what to which asset and folders, before/after, outcome (ARCHITECTURE §2). */
export interface AuditEntry {
  jobId?: string | null;
  actor: string;
  /** An AuditAction, or the name of a job BullMQ holds that the catalogue may not know (its failure is audited too). */
  action: string;
  assetId?: string | null;
  fromFolderId?: string | null;
  toFolderId?: string | null;
  before?: JsonValue;
  after?: JsonValue;
  outcome: AuditOutcome;
  errorCode?: JobErrorCode | null;
}

/** What a content looked like around a step: its folders and tags. */
export interface AssetSnapshot {
  folderIds: string[];
  tags: string[];
  [key: string]: string[];
}

/** One content's outcome in a job, with the content before and after its step. */
export interface AssetAuditEntry {
  jobId: string;
  actor: string;
  action: AuditAction;
  outcome: AssetOutcome;
  before: AssetSnapshot | null;
  after: AssetSnapshot | null;
}

/** A job's own row (no asset): how the job ended, with its counts in `after`. */
export interface JobAuditEntry {
  jobId: string;
  actor: string;
  action: AuditAction;
  outcome: AuditOutcome;
  after: JsonObject;
}

/** What a job handler needs to audit its work (AuditRepository in the app, fakes in tests). */
export interface AuditWriter {
  append(entry: AuditEntry): Promise<void>;
}
