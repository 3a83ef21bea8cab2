/**
 * THRON's response envelope and error convention (research/provider-api.md §1): every body carries
 * `resultCode`, `errorDescription` and `ssoCode`; business errors are HTTP 418 with that body,
 * invalid arguments 400, an expired or unknown token 403.
 */
export type SsoCode = 'OK' | 'AUTHENTICATION_ERROR' | 'SESSION_EXPIRED' | 'ACCESS_DENIED';

export interface ThronEnvelope {
  resultCode: string;
  errorDescription?: string;
  ssoCode: SsoCode;
}

export interface ThronFailure extends ThronEnvelope {
  status: number;
}

/** A refusal the provider answers with its envelope; the provider's exception filter writes it. */
export class ThronError extends Error {
  /** `retryAfterSeconds` goes out as Retry-After (a throttled login). */
  constructor(
    readonly failure: ThronFailure,
    readonly retryAfterSeconds?: number,
  ) {
    super(failure.errorDescription ?? failure.resultCode);
    this.name = 'ThronError';
  }

  get envelope(): ThronEnvelope {
    const { resultCode, errorDescription, ssoCode } = this.failure;
    return { resultCode, errorDescription, ssoCode };
  }
}

/** Refusals shared by every built-in provider endpoint. */
export const THRON_FAILURES = {
  invalidArguments: {
    status: 400,
    resultCode: 'EXCEPTION',
    errorDescription: 'INVALID_ARGUMENTS',
    ssoCode: 'OK',
  },
  clientNotFound: {
    status: 418,
    resultCode: 'CLIENT_NOT_FOUND',
    errorDescription: 'CLIENT_NOT_FOUND',
    ssoCode: 'OK',
  },
  // 'SESSION_NON_FOUND' is THRON's own spelling (MEClientResponse).
  sessionExpired: {
    status: 403,
    resultCode: 'SESSION_NON_FOUND',
    errorDescription: 'SESSION_EXPIRED',
    ssoCode: 'SESSION_EXPIRED',
  },
  tooManyRequests: {
    status: 429,
    resultCode: 'ACCESS_DENIED',
    errorDescription: 'TOO_MANY_ATTEMPTS',
    ssoCode: 'AUTHENTICATION_ERROR',
  },
  // A store the call needs (the login throttle's Redis) cannot be reached: an outage, try later.
  unavailable: {
    status: 503,
    resultCode: 'EXCEPTION',
    errorDescription: 'SERVICE_UNAVAILABLE',
    ssoCode: 'OK',
  },
  exception: { status: 500, resultCode: 'EXCEPTION', errorDescription: 'EXCEPTION', ssoCode: 'OK' },
} as const satisfies Record<string, ThronFailure>;

export function thronError(failure: ThronFailure, detail?: string): ThronError {
  return new ThronError(
    detail ? { ...failure, errorDescription: `${failure.errorDescription}: ${detail}` } : failure,
  );
}

/** A successful answer: the body with `resultCode: 'OK'` and `ssoCode: 'OK'`. */
export function ok<T extends object>(body: T): T & ThronEnvelope {
  return { resultCode: 'OK', ...body, ssoCode: 'OK' };
}

/** Every THRON call names its tenant; any other clientId is CLIENT_NOT_FOUND. */
export function requireClient(expected: string, clientId: string | undefined): void {
  if (clientId !== expected) throw new ThronError(THRON_FAILURES.clientNotFound);
}
