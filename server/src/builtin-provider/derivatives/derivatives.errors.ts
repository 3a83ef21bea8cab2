import { MEDIA_ERROR_CODES } from '@paddock/rules';
import type { ThronFailure } from '../thron.errors';

/** Codes a derivatives job ends with (JobRecord.errorCode) when the media itself is the problem. */
export const DERIVATIVE_ERROR_CODES = MEDIA_ERROR_CODES;

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
