import type { ErrorCode } from '@paddock/rules';

/** What the provider said, kept for logs; never a token or a password. */
export interface ProviderFailureDetail {
  status?: number;
  resultCode?: string;
  errorDescription?: string;
  /** Node's or axios's code when no answer came (ECONNREFUSED, ECONNABORTED…). */
  networkCode?: string;
  /** A throttled call's Retry-After, in seconds. */
  retryAfterSeconds?: number;
}

/**
 * A provider call that failed, sorted for the caller: `code` is the hub error code to answer with,
 * `transient` says whether trying again later may succeed (a job retries, a request answers 503).
 */
export class ProviderError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly transient: boolean,
    message: string,
    readonly detail: ProviderFailureDetail = {},
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}
