import { DiscoveryService } from '@nestjs/core';
import type { JobName, JobPayloads, JobResults } from './job-catalogue';

/** What a handler knows about the run it is part of. */
export interface JobContext {
  readonly jobId: string;
  /** The submitter's username, or 'system' for scheduled jobs. */
  readonly actor: string;
  /** 1 for the first try. */
  readonly attempt: number;
  /**
   * An earlier start of this job ran: a try that failed, or one whose worker died with it (a
   * stall, which is no new attempt). What the job finds done may be that start's own work.
   */
  readonly startedBefore: boolean;
  /** Reports progress (0–100) to the job record and to live watchers. */
  progress(percent: number): Promise<void>;
  /**
   * Whether its user asked the job to stop (a cancel while it runs): a handler that can stop
   * between assets asks before each and then throws JobStoppedError.
   */
  stopRequested(): Promise<boolean>;
}

/**
 * The work of one job of the catalogue. Handlers reload what the payload's ids point to, are
 * idempotent (a job may run more than once), throw `PermanentJobError` when retrying cannot
 * help, and let every other error escape so BullMQ retries.
 */
export interface JobHandler<N extends JobName = JobName> {
  handle(payload: JobPayloads[N], context: JobContext): Promise<JobResults[N]>;
}

/** Marks a provider as the handler of one job: `@JobHandlerFor(JobName.X)`. */
export const JobHandlerFor = DiscoveryService.createDecorator<JobName>();
