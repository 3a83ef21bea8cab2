/**
 * Error codes, defined once for server and web. SPEC §8 numbers E001–E069; the string codes
 * below are the hub's own for situations SPEC names without a number.
 */
export const E_CODES = Array.from({ length: 69 }, (_, i) => `E${String(i + 1).padStart(3, '0')}`);

export const ERROR_CODES = {
  // Authentication and session (SPEC §6 login failure messages).
  WRONG_CREDENTIALS: 'WRONG_CREDENTIALS',
  PASSWORD_EXPIRED: 'PASSWORD_EXPIRED',
  ACCOUNT_DISABLED: 'ACCOUNT_DISABLED',
  TOO_MANY_ATTEMPTS: 'TOO_MANY_ATTEMPTS',
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  CSRF_MISMATCH: 'CSRF_MISMATCH',
  SSO_FAILED: 'SSO_FAILED',
  SSO_NOT_CONFIGURED: 'SSO_NOT_CONFIGURED',
  // Profile.
  DISCLAIMER_NOT_CURRENT: 'DISCLAIMER_NOT_CURRENT',
  DISCLAIMER_VERSION_IMMUTABLE: 'DISCLAIMER_VERSION_IMMUTABLE',
  // Folders.
  FOLDER_NOT_EMPTY: 'FOLDER_NOT_EMPTY',
  // Downloads.
  /** SPEC §6: an asset of the request may not be downloaded where it is looked at; nothing was prepared. */
  DOWNLOAD_NOT_ALLOWED: 'DOWNLOAD_NOT_ALLOWED',
  // Jobs.
  JOB_INVALID_PAYLOAD: 'JOB_INVALID_PAYLOAD',
  JOB_UNKNOWN: 'JOB_UNKNOWN',
  JOB_QUEUE_UNAVAILABLE: 'JOB_QUEUE_UNAVAILABLE',
  /** BullMQ gave up on a job whose worker died mid-run too often. */
  JOB_STALLED: 'JOB_STALLED',
  /** Retry asked for a job that has not failed. */
  JOB_NOT_RETRYABLE: 'JOB_NOT_RETRYABLE',
  /** Cancel asked for a job that is running or has ended: BullMQ cannot stop a running job safely. */
  JOB_NOT_CANCELLABLE: 'JOB_NOT_CANCELLABLE',
  // Generic.
  VALIDATION_FAILED: 'VALIDATION_FAILED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  PROVIDER_UNAVAILABLE: 'PROVIDER_UNAVAILABLE',
  INTERNAL: 'INTERNAL',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES] | (typeof E_CODES)[number];

/** The body of every error the hub answers (CONVENTIONS §8). */
export interface ErrorBody {
  code: ErrorCode | string;
  message: string;
  correlationId: string;
  details?: unknown;
}
