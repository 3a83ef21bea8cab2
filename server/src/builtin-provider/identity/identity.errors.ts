import type { ThronFailure } from '../thron.errors';

/**
 * How the access manager refuses a login or a token, the one place this mapping is defined.
 * THRON's xsso `resultCode` enum has no code per login failure, so every login refusal is
 * `ACCESS_DENIED` and `errorDescription` tells them apart. An unknown user and a wrong password
 * get the same answer (no user enumeration), and account state (disabled, expired password) is
 * only revealed after the password was verified.
 *
 * | refusal           | HTTP | resultCode          | errorDescription  | ssoCode              |
 * |-------------------|------|---------------------|-------------------|----------------------|
 * | wrong credentials | 418  | ACCESS_DENIED       | WRONG_CREDENTIALS | AUTHENTICATION_ERROR |
 * | password expired  | 418  | ACCESS_DENIED       | PASSWORD_EXPIRED  | AUTHENTICATION_ERROR |
 * | account disabled  | 418  | ACCESS_DENIED       | ACCOUNT_DISABLED  | AUTHENTICATION_ERROR |
 * | throttled         | 429  | ACCESS_DENIED       | TOO_MANY_ATTEMPTS | AUTHENTICATION_ERROR |
 * | wrong clientId    | 418  | CLIENT_NOT_FOUND    | CLIENT_NOT_FOUND  | OK                   |
 * | missing argument  | 400  | EXCEPTION           | INVALID_ARGUMENTS | OK                   |
 * | token expired     | 403  | SESSION_NON_FOUND   | SESSION_EXPIRED   | SESSION_EXPIRED      |
 * | token of another  | 403  | ACCESS_DENIED       | USERNAME_MISMATCH | ACCESS_DENIED        |
 * | unknown username  | 418  | VUSERNAME_NOT_FOUND | USER_NOT_FOUND    | OK                   |
 * (the last three rows are validateToken and vusermanager/detail; the generic rows live in thron.errors.ts)
 */
const loginRefusal = (errorDescription: string): ThronFailure => ({
  status: 418,
  resultCode: 'ACCESS_DENIED',
  errorDescription,
  ssoCode: 'AUTHENTICATION_ERROR',
});

export const IDENTITY_FAILURES = {
  wrongCredentials: loginRefusal('WRONG_CREDENTIALS'),
  passwordExpired: loginRefusal('PASSWORD_EXPIRED'),
  accountDisabled: loginRefusal('ACCOUNT_DISABLED'),
  usernameMismatch: {
    status: 403,
    resultCode: 'ACCESS_DENIED',
    errorDescription: 'USERNAME_MISMATCH',
    ssoCode: 'ACCESS_DENIED',
  },
  userNotFound: {
    status: 418,
    resultCode: 'VUSERNAME_NOT_FOUND',
    errorDescription: 'USER_NOT_FOUND',
    ssoCode: 'OK',
  },
} as const satisfies Record<string, ThronFailure>;
