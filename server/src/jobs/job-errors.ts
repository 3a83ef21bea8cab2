import { ERROR_CODES, isJobErrorCode, type HttpStatus, type JobErrorCode } from '@paddock/rules';
import { UnrecoverableError } from 'bullmq';
import { DomainError } from '../common/domain-error';

/** Codes a job can end with besides the domain's own. */
export const JOB_ERROR_CODES = {
  INVALID_PAYLOAD: ERROR_CODES.JOB_INVALID_PAYLOAD,
  UNKNOWN_JOB: ERROR_CODES.JOB_UNKNOWN,
  QUEUE_UNAVAILABLE: ERROR_CODES.JOB_QUEUE_UNAVAILABLE,
  STALLED: ERROR_CODES.JOB_STALLED,
} as const;

/** A failure that no retry can fix: the job fails at once (BullMQ UnrecoverableError). */
export class PermanentJobError extends Error {
  constructor(
    readonly code: JobErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'PermanentJobError';
  }
}

/** A failure worth retrying with backoff (outside system down, lock held, timeout). */
export class TransientJobError extends Error {
  constructor(
    readonly code: JobErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'TransientJobError';
  }
}

/**
 * A running job stopped between assets because its user cancelled it: not a failure. The runner
 * records it cancelled with the counts so far; its done assets stay done.
 */
export class JobStoppedError extends Error {
  constructor(readonly result: unknown) {
    super("Stopped at its user's request");
    this.name = 'JobStoppedError';
  }
}

export interface JobFailure {
  permanent: boolean;
  code: JobErrorCode;
  message: string;
}

/** Domain errors that describe the request itself (their code's status): retrying changes nothing. */
const PERMANENT_STATUSES: ReadonlySet<HttpStatus> = new Set<HttpStatus>([400, 401, 403, 404, 409]);

function hasTransientFlag(error: unknown): error is Error & { transient: boolean; code?: unknown } {
  return error instanceof Error && typeof (error as { transient?: unknown }).transient === 'boolean';
}

/**
 * Sorts a job's error into "retry" or "give up" (CONVENTIONS §6). Unknown errors are retried:
 * a crash of the database or of Redis mid-job must not lose the work.
 */
export function classifyJobError(error: unknown): JobFailure {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof PermanentJobError) return { permanent: true, code: error.code, message };
  if (error instanceof TransientJobError) return { permanent: false, code: error.code, message };
  if (error instanceof DomainError)
    return { permanent: PERMANENT_STATUSES.has(error.status), code: error.code, message };
  // Gateways (provider, mail, blob store) flag their failures `transient` (CONVENTIONS §4).
  if (hasTransientFlag(error))
    return {
      permanent: !error.transient,
      code: isJobErrorCode(error.code) ? error.code : ERROR_CODES.INTERNAL,
      message,
    };
  if (error instanceof UnrecoverableError) return { permanent: true, code: ERROR_CODES.INTERNAL, message };
  return { permanent: false, code: ERROR_CODES.INTERNAL, message };
}
