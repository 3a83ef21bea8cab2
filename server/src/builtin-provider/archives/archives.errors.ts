import type { ThronFailure } from '../thron.errors';

/** Refusals of archive/prepare and archive/download (MEArchive of research §3.9, plus content's). */
export const ARCHIVE_FAILURES = {
  /** An id the caller may not see is named the same as one that does not exist. */
  contentNotExists: {
    status: 418,
    resultCode: 'CONTENT_NOT_EXISTS',
    errorDescription: 'CONTENT_NOT_EXISTS',
    ssoCode: 'OK',
  },
  /** Unknown, expired, or prepared by someone else. */
  archiveNotExists: {
    status: 418,
    resultCode: 'OPERATION_NOT_ALLOWED',
    errorDescription: 'ARCHIVE_NOT_EXISTS',
    ssoCode: 'OK',
  },
} as const satisfies Record<string, ThronFailure>;
