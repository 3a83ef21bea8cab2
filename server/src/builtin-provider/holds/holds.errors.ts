import type { ThronFailure } from '../thron.errors';

/**
 * A destructive call on what a legal hold keeps (remove, updateSource, a folder's remove): a THRON
 * business refusal, ACCESS_DENIED whoever calls, the service account included; the hub maps the
 * description to LEGAL_HOLD_ACTIVE. A trash names held contents in `contentsInIssue` instead.
 */
export const HOLD_FAILURES = {
  held: { status: 418, resultCode: 'ACCESS_DENIED', errorDescription: 'LEGAL_HOLD', ssoCode: 'OK' },
} as const satisfies Record<string, ThronFailure>;
