import { FINAL_JOB_STATES, JOB_STATES, type AuditOutcome, type JobState } from '@paddock/rules';
import type { PageCursor } from '../common/page-cursor';

/** The domain view of jobs and audit rows; only jobs.repository.ts knows they live in Prisma. */

export { JOB_STATES, type AuditOutcome, type JobState };

export const TERMINAL_JOB_STATES: ReadonlySet<JobState> = new Set(FINAL_JOB_STATES);

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

export interface JobView {
  id: string;
  queue: string;
  name: string;
  state: JobState;
  /** 0–100. */
  progress: number;
  /** Attempts started so far (the running one included). */
  attempts: number;
  payload: JsonValue;
  result: JsonValue | null;
  errorCode: string | null;
  createdBy: string;
  createdAt: Date;
  updatedAt: Date;
  finishedAt: Date | null;
}

export interface NewJobRecord {
  id: string;
  queue: string;
  name: string;
  payload: JsonValue;
  createdBy: string;
}

export interface JobFilter {
  state?: JobState;
  queue?: string;
  name?: string;
  /** Submitter's username. */
  createdBy?: string;
  /** Only jobs older than this one (the previous page's last), newest first. */
  before?: PageCursor;
  limit: number;
}

/** One audit row: who did what to which asset and folders, before/after, outcome (ARCHITECTURE §2). */
export interface AuditEntry {
  jobId?: string | null;
  actor: string;
  action: string;
  assetId?: string | null;
  fromFolderId?: string | null;
  toFolderId?: string | null;
  before?: JsonValue;
  after?: JsonValue;
  outcome: AuditOutcome;
  errorCode?: string | null;
}

export interface AuditWriter {
  audit(entry: AuditEntry): Promise<void>;
}

/** What the record-keeping wrapper needs from storage (JobsRepository in the app, fakes in tests). */
export interface JobRecordStore {
  /** Creates the record when the job was never recorded (schedules), or marks it active. */
  markActive(job: NewJobRecord & { attempt: number }): Promise<JobView>;
  markProgress(id: string, progress: number): Promise<void>;
  markCompleted(id: string, result: JsonValue, finishedAt: Date): Promise<void>;
  markRetrying(id: string, errorCode: string, attempts: number): Promise<void>;
  /** Marks the job failed for good and writes its failure audit row, in one transaction. */
  markFailed(
    id: string,
    failure: { errorCode: string; attempts: number; finishedAt: Date },
    audit: AuditEntry,
  ): Promise<void>;
}
