import { ERROR_CODES } from '@paddock/rules';
import { isApiError } from '../../api/api-error';

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
  | 'auth.errors.unavailable'
  | 'auth.errors.sso'
  | 'auth.errors.popupBlocked';

function isKnownCode(code: string): code is keyof typeof MESSAGE_BY_CODE {
  return code in MESSAGE_BY_CODE;
}

export function loginErrorKey(error: unknown): LoginErrorKey {
  return isApiError(error) && isKnownCode(error.code)
    ? MESSAGE_BY_CODE[error.code]
    : 'auth.errors.unavailable';
}
