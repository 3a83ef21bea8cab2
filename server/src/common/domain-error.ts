import { ERROR_CODES, type ErrorCode } from '@paddock/rules';

/** How a failure reads to a caller; the exception filter turns each kind into one HTTP status. */
export type ErrorKind =
  | 'invalid'
  | 'unauthenticated'
  | 'forbidden'
  | 'not-found'
  | 'conflict'
  | 'too-large'
  | 'too-many'
  | 'unavailable'
  | 'internal';

export const HTTP_STATUS_OF_KIND: Record<ErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  'too-large': 413,
  'too-many': 429,
  unavailable: 503,
  internal: 500,
};

/** The kind a status answers for (HTTP_STATUS_OF_KIND read backwards: one status per kind). */
export function kindOfStatus(status: number): ErrorKind {
  const found = (Object.entries(HTTP_STATUS_OF_KIND) as [ErrorKind, number][]).find(([, s]) => s === status);
  return found ? found[0] : 'internal';
}

/** A failure the domain knows about, carrying a code the web translates (CONVENTIONS §8). */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly kind: ErrorKind,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'DomainError';
  }

  static unauthenticated(message = 'Sign-in required') {
    return new DomainError(ERROR_CODES.UNAUTHENTICATED, 'unauthenticated', message);
  }

  static forbidden(message = 'Not allowed') {
    return new DomainError(ERROR_CODES.FORBIDDEN, 'forbidden', message);
  }

  static notFound(message = 'Not found') {
    return new DomainError(ERROR_CODES.NOT_FOUND, 'not-found', message);
  }

  static invalid(message: string, details?: unknown) {
    return new DomainError(ERROR_CODES.VALIDATION_FAILED, 'invalid', message, details);
  }
}

/**
 * A refusal the caller may retry after a wait, with a Retry-After header (RFC 9110 §10.2.3): 429
 * when the caller must slow down, 503 when the hub cannot serve it for now.
 */
export class RetryLaterError extends DomainError {
  constructor(
    code: ErrorCode,
    message: string,
    readonly retryAfterSeconds: number,
    kind: 'too-many' | 'unavailable' = 'too-many',
  ) {
    super(code, kind, message, { retryAfterSeconds });
  }
}
