import type { ErrorBody } from '@paddock/rules';

/** Failures that happen before the hub can answer (SPEC §8: network error, timeout, cancelled, bad response). */
export const CLIENT_FAILURES = {
  NETWORK_ERROR: 'NETWORK_ERROR',
  TIMEOUT: 'TIMEOUT',
  CANCELLED: 'CANCELLED',
  BAD_RESPONSE: 'BAD_RESPONSE',
} as const;

/** Any failed call to the hub: `status` is 0 when no HTTP answer arrived. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly correlationId: string | undefined;
  /** What the hub adds to some refusals (ErrorBody.details), e.g. the wait of a throttled sign-in. */
  readonly details: unknown;

  constructor(
    status: number,
    body: Pick<ErrorBody, 'code' | 'message' | 'details'> & { correlationId?: string },
  ) {
    super(body.message);
    this.name = 'ApiError';
    this.status = status;
    this.code = body.code;
    this.correlationId = body.correlationId;
    this.details = body.details;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
