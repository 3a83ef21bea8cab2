import type { ThronFailure } from '../thron.errors';

/** Refusals of the externalshares service. */
export const SHARE_FAILURES = {
  /** Unknown, someone else's, or (for a revoke) revoked already: one answer, so ids cannot be probed. */
  shareNotExists: {
    status: 418,
    resultCode: 'SHARE_NOT_EXISTS',
    errorDescription: 'SHARE_NOT_EXISTS',
    ssoCode: 'OK',
  },
  /** A content the sharer may not see or share (named as one that does not exist). */
  contentNotShareable: {
    status: 418,
    resultCode: 'CONTENT_NOT_EXISTS',
    errorDescription: 'CONTENT_NOT_SHAREABLE',
    ssoCode: 'OK',
  },
  weakPassword: {
    status: 400,
    resultCode: 'EXCEPTION',
    errorDescription: 'WEAK_PASSWORD',
    ssoCode: 'OK',
  },
  badRecipients: {
    status: 400,
    resultCode: 'EXCEPTION',
    errorDescription: 'INVALID_RECIPIENTS',
    ssoCode: 'OK',
  },
  badExpiry: {
    status: 400,
    resultCode: 'EXCEPTION',
    errorDescription: 'INVALID_EXPIRATION_DATE',
    ssoCode: 'OK',
  },
  /** `onBehalfOf` from anyone but the hub's service account, or naming nobody. */
  notAllowed: {
    status: 403,
    resultCode: 'ACCESS_DENIED',
    errorDescription: 'ACCESS_DENIED',
    ssoCode: 'ACCESS_DENIED',
  },
} as const satisfies Record<string, ThronFailure>;
