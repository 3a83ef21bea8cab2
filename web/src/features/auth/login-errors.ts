import { ERROR_CODES } from '@paddock/rules';
import { isApiError } from '../../api/api-error';
import { object, positiveInteger, readOrNull } from '../../app/read-input';

/** The sign-in failures of SPEC §6, each with its own message. */
const MESSAGE_BY_CODE = {
  [ERROR_CODES.WRONG_CREDENTIALS]: 'auth.errors.wrongCredentials',
  [ERROR_CODES.PASSWORD_EXPIRED]: 'auth.errors.passwordExpired',
  [ERROR_CODES.ACCOUNT_DISABLED]: 'auth.errors.accountDisabled',
  [ERROR_CODES.TOO_MANY_ATTEMPTS]: 'auth.errors.tooManyAttempts',
  [ERROR_CODES.VALIDATION_FAILED]: 'auth.errors.missingCredentials',
} as const;

export type LoginErrorKey =
  | (typeof MESSAGE_BY_CODE)[keyof typeof MESSAGE_BY_CODE]
  | 'auth.errors.tooManyAttemptsSeconds'
  | 'auth.errors.tooManyAttemptsMinutes'
  | 'auth.errors.unavailable'
  | 'auth.errors.sso'
  | 'auth.errors.popupBlocked';

/** A message and what it interpolates: `wait` is in the unit its key names. */
export interface LoginFailure {
  key: LoginErrorKey;
  values?: { wait: number };
}

/** The hub's throttle says how long this name must wait from this browser (details.retryAfterSeconds). */
const throttleDetails = object({ retryAfterSeconds: positiveInteger() });

function isKnownCode(code: string): code is keyof typeof MESSAGE_BY_CODE {
  return code in MESSAGE_BY_CODE;
}

export function loginFailure(error: unknown): LoginFailure {
  if (!isApiError(error) || !isKnownCode(error.code)) return { key: 'auth.errors.unavailable' };
  const throttle = readOrNull(throttleDetails, error.details);
  if (error.code === ERROR_CODES.TOO_MANY_ATTEMPTS && throttle) {
    const seconds = throttle.retryAfterSeconds;
    // Under a minute in seconds, else in whole minutes rounded up, so the wait is never understated.
    return seconds < 60
      ? { key: 'auth.errors.tooManyAttemptsSeconds', values: { wait: seconds } }
      : { key: 'auth.errors.tooManyAttemptsMinutes', values: { wait: Math.ceil(seconds / 60) } };
  }
  return { key: MESSAGE_BY_CODE[error.code] };
}
