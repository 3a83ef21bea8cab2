import { FINAL_JOB_STATES, JOB_STATES, type JobState } from '@paddock/rules';
import type { AuditEntry } from '../audit/audit-record';
import type { JsonValue } from '../common/json';
import type { PageCursor } from '../common/page-cursor';

/** The domain view of jobs; only jobs.repository.ts knows they live in Prisma. */

export { JOB_STATES, type JobState };

export const TERMINAL_JOB_STATES: ReadonlySet<JobState> = new Set(FINAL_JOB_STATES);

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
  /** When the running (or last) attempt started. */
  startedAt: Date | null;
  finishedAt: Date | null;
  /** Its user asked it to stop while it ran: it stops before its next asset. */
  cancelRequested: boolean;
  /** The job whose failed items this one runs again. */
  retryOf: string | null;
}

export interface NewJobRecord {
  id: string;
  queue: string;
  name: string;
  payload: JsonValue;
  createdBy: string;
  retryOf?: string;
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

/** What the record-keeping wrapper needs from storage (JobsRepository in the app, fakes in tests). */
export interface JobRecordStore {
  /** The result of a job its record says completed; null for any other state or no record. */
  completedResult(id: string): Promise<{ result: JsonValue } | null>;
  /** Creates the record when the job was never recorded (schedules), or marks it active. */
  markActive(job: NewJobRecord & { attempt: number; startedAt: Date }): Promise<JobView>;
  markProgress(id: string, progress: number): Promise<void>;
  /** Whether its user asked the running job to stop. */
  stopRequested(id: string): Promise<boolean>;
  /** A running job stopped between assets at its user's request: cancelled, with its counts. */
  markStopped(id: string, result: JsonValue, finishedAt: Date): Promise<void>;
  markCompleted(id: string, result: JsonValue, finishedAt: Date): Promise<void>;
  markRetrying(id: string, errorCode: string, attempts: number): Promise<void>;
  /** Marks the job failed for good and writes its failure audit row, in one transaction. */
  markFailed(
    id: string,
    failure: { errorCode: string; attempts: number; finishedAt: Date },
    audit: AuditEntry,
  ): Promise<void>;
}
