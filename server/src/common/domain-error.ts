import { ERROR_CODES, HTTP_STATUS_OF_CODE, type ErrorCode, type HttpStatus } from '@paddock/rules';

/**
 * A failure the domain knows about, carrying a code the web translates (CONVENTIONS §8); its
 * status is the code's one line of HTTP_STATUS_OF_CODE, never chosen where it is thrown.
 */
export class DomainError extends Error {
  readonly status: HttpStatus;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'DomainError';
    this.status = HTTP_STATUS_OF_CODE[code];
  }

  static unauthenticated(message = 'Sign-in required') {
    return new DomainError(ERROR_CODES.UNAUTHENTICATED, message);
  }

  static forbidden(message = 'Not allowed') {
    return new DomainError(ERROR_CODES.FORBIDDEN, message);
  }

  static notFound(message = 'Not found') {
    return new DomainError(ERROR_CODES.NOT_FOUND, message);
  }

  static invalid(message: string, details?: unknown) {
    return new DomainError(ERROR_CODES.VALIDATION_FAILED, message, details);
  }
}

/**
 * A refusal the caller may retry after a wait, with a Retry-After header (RFC 9110 §10.2.3): its
 * code says whether the caller must slow down (429) or the hub cannot serve it for now (503).
 */
export class RetryLaterError extends DomainError {
  constructor(
    code: ErrorCode,
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(code, message, { retryAfterSeconds });
  }
}
