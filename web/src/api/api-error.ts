import type { ErrorBody, JobErrorCode } from '@paddock/rules';

/** Failures that happen before the hub can answer (SPEC §8: network error, timeout, cancelled, bad response). */
export const CLIENT_FAILURES = {
  NETWORK_ERROR: 'NETWORK_ERROR',
  TIMEOUT: 'TIMEOUT',
  CANCELLED: 'CANCELLED',
  BAD_RESPONSE: 'BAD_RESPONSE',
  /** The hub answered with a code this web does not know (a newer hub): ApiError.shownCode keeps it. */
  UNKNOWN_CODE: 'UNKNOWN_CODE',
} as const;
export type ClientFailureCode = (typeof CLIENT_FAILURES)[keyof typeof CLIENT_FAILURES];

/** Every code a failed call carries: one the hub answers (ErrorBody) or one of the web's own. */
export type ApiErrorCode = JobErrorCode | ClientFailureCode;

/** A failure as the web received it; `shownCode` is the hub's own code where `code` is UNKNOWN_CODE. */
export type ApiErrorBody = Omit<ErrorBody, 'code' | 'correlationId'> & {
  code: ApiErrorCode;
  correlationId?: string;
  shownCode?: string;
};

/** Any failed call to the hub: `status` is 0 when no HTTP answer arrived. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ApiErrorCode;
  /** The code the user is told: `code`, or for UNKNOWN_CODE the code as the hub sent it. */
  readonly shownCode: string;
  readonly correlationId: string | undefined;
  /** What the hub adds to some refusals (ErrorBody.details), e.g. the wait of a throttled sign-in. */
  readonly details: unknown;

  constructor(status: number, body: ApiErrorBody) {
    super(body.message);
    this.name = 'ApiError';
    this.status = status;
    this.code = body.code;
    this.shownCode = body.shownCode ?? body.code;
    this.correlationId = body.correlationId;
    this.details = body.details;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
