import { PermanentJobError, TransientJobError } from '../../jobs/job-errors';
import type { ThronFailure } from '../thron.errors';

/** Codes a derivatives job ends with (JobRecord.errorCode) when the media itself is the problem. */
export const DERIVATIVE_ERROR_CODES = {
  /** The content or its version is gone: nothing to derive. */
  SOURCE_MISSING: 'MEDIA_SOURCE_MISSING',
  /** The file cannot be decoded (corrupt, truncated, or not what its extension says). */
  UNREADABLE: 'MEDIA_UNREADABLE',
  /** An image above the pixel limit (decompression bombs included). */
  TOO_MANY_PIXELS: 'MEDIA_TOO_MANY_PIXELS',
  /** A media tool (media/media-tools.ts) is not installed on the worker's machine. */
  TOOL_MISSING: 'MEDIA_TOOL_MISSING',
  /** A tool ran out of time (a busy machine: worth another try). */
  TOOL_TIMEOUT: 'MEDIA_TOOL_TIMEOUT',
  /** A tool was killed by a signal it did not ask for (out of memory, shutdown): retried. */
  TOOL_KILLED: 'MEDIA_TOOL_KILLED',
} as const;

export function unreadable(message: string): PermanentJobError {
  return new PermanentJobError(DERIVATIVE_ERROR_CODES.UNREADABLE, message);
}

export function toolTimeout(message: string): TransientJobError {
  return new TransientJobError(DERIVATIVE_ERROR_CODES.TOOL_TIMEOUT, message);
}

/** Refusals of the dynamic thumbnail service (THRON envelope). */
export const THUMBNAIL_FAILURES = {
  // A content the token's user may not see is answered like a missing one: no existence leak.
  contentNotFound: {
    status: 404,
    resultCode: 'CONTENT_NOT_FOUND',
    errorDescription: 'CONTENT_NOT_FOUND',
    ssoCode: 'OK',
  },
} as const satisfies Record<string, ThronFailure>;
