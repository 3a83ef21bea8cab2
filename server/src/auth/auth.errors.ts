import { ERROR_CODES } from '@paddock/rules';
import { DomainError, RetryLaterError } from '../common/domain-error';
import { ProviderError } from '../common/provider-error';

const TOO_MANY_ATTEMPTS_MESSAGE = 'Too many failed attempts: try again later';

/**
 * How a failed sign-in is answered, the one place this mapping is defined (SPEC §6 login failure
 * messages; the web translates by code):
 *
 * | provider refusal (ProviderError.code)     | HTTP | code                 |
 * |-------------------------------------------|------|----------------------|
 * | WRONG_CREDENTIALS (also unknown username) | 401  | WRONG_CREDENTIALS    |
 * | PASSWORD_EXPIRED                          | 401  | PASSWORD_EXPIRED     |
 * | ACCOUNT_DISABLED                          | 401  | ACCOUNT_DISABLED     |
 * | TOO_MANY_ATTEMPTS (provider throttle)     | 429  | TOO_MANY_ATTEMPTS    |
 * | VALIDATION_FAILED                         | 400  | VALIDATION_FAILED    |
 * | UNAUTHENTICATED                           | 401  | UNAUTHENTICATED      |
 * | transient, or anything else               | 503  | PROVIDER_UNAVAILABLE |
 *
 * The hub's own throttle (SignInThrottle) refuses with `tooManyAttempts(seconds)`: 429
 * TOO_MANY_ATTEMPTS, the same message, and the wait in Retry-After and `details.retryAfterSeconds`.
 */
export function signInError(error: ProviderError): DomainError {
  if (error.transient) return providerUnavailable();
  switch (error.code) {
    case ERROR_CODES.WRONG_CREDENTIALS:
      return new DomainError(error.code, 'Wrong username or password');
    case ERROR_CODES.PASSWORD_EXPIRED:
      return new DomainError(error.code, 'The password has expired: contact the administrator');
    case ERROR_CODES.ACCOUNT_DISABLED:
      return new DomainError(error.code, 'The account is not enabled for access');
    case ERROR_CODES.TOO_MANY_ATTEMPTS:
      // The provider's wait, when it said one, reaches the browser as the hub's own throttle's does.
      return error.detail.retryAfterSeconds === undefined
        ? new DomainError(error.code, TOO_MANY_ATTEMPTS_MESSAGE)
        : tooManyAttempts(error.detail.retryAfterSeconds);
    case ERROR_CODES.VALIDATION_FAILED:
      return DomainError.invalid('Username and password are required');
    case ERROR_CODES.UNAUTHENTICATED:
      return sessionExpired();
    default:
      return providerUnavailable();
  }
}

/** The hub's sign-in throttle refuses this pair of username and address for `retryAfterSeconds`. */
export function tooManyAttempts(retryAfterSeconds: number): DomainError {
  return new RetryLaterError(ERROR_CODES.TOO_MANY_ATTEMPTS, TOO_MANY_ATTEMPTS_MESSAGE, retryAfterSeconds);
}

/** A single sign-on token the provider does not accept is SSO_FAILED; an outage stays 503. */
export function tokenSignInError(error: ProviderError): DomainError {
  if (error.transient || error.code === ERROR_CODES.PROVIDER_UNAVAILABLE) return providerUnavailable();
  return new DomainError(ERROR_CODES.SSO_FAILED, 'Single sign-on failed');
}

export function providerUnavailable(): DomainError {
  return new DomainError(ERROR_CODES.PROVIDER_UNAVAILABLE, 'The operation could not be performed. Try later');
}

export function sessionExpired(): DomainError {
  return DomainError.unauthenticated('The session has expired: sign in again');
}

export function csrfMismatch(): DomainError {
  return new DomainError(ERROR_CODES.CSRF_MISMATCH, 'Missing or wrong CSRF token');
}

/** Rethrows a ProviderError as the DomainError `map` gives; anything else as it is. */
export function rethrowProviderError(error: unknown, map: (e: ProviderError) => DomainError): never {
  throw error instanceof ProviderError ? map(error) : error;
}
