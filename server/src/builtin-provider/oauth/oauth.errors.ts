import type { ThronFailure } from '../thron.errors';

/**
 * How POST /auth/resources/oauth/token refuses, the one place this mapping is defined. Every
 * refusal of the sign-in itself is `ACCESS_DENIED` with `ssoCode: AUTHENTICATION_ERROR`;
 * `errorDescription` tells them apart (the hub answers all of them as SSO_FAILED).
 *
 * | refusal                               | HTTP | resultCode       | errorDescription               |
 * |---------------------------------------|------|------------------|--------------------------------|
 * | SSO not configured on this provider   | 418  | ACCESS_DENIED    | SSO_NOT_CONFIGURED             |
 * | issuer refused the code (used, PKCE…) | 418  | ACCESS_DENIED    | INVALID_GRANT                  |
 * | issuer's e-mail marked unverified     | 418  | ACCESS_DENIED    | EMAIL_NOT_VERIFIED             |
 * | no user for subject or e-mail         | 418  | ACCESS_DENIED    | USER_NOT_FOUND                 |
 * | e-mail user linked to another subject | 418  | ACCESS_DENIED    | USER_LINKED_TO_ANOTHER_SUBJECT |
 * | user disabled                         | 418  | ACCESS_DENIED    | ACCOUNT_DISABLED               |
 * | issuer unreachable or failing         | 503  | EXCEPTION        | ISSUER_UNAVAILABLE             |
 * | wrong client_id                       | 418  | CLIENT_NOT_FOUND | CLIENT_NOT_FOUND (thron.errors)|
 * | missing argument                      | 400  | EXCEPTION        | INVALID_ARGUMENTS (thron.errors)|
 */
const ssoRefusal = (errorDescription: string): ThronFailure => ({
  status: 418,
  resultCode: 'ACCESS_DENIED',
  errorDescription,
  ssoCode: 'AUTHENTICATION_ERROR',
});

export const OAUTH_FAILURES = {
  notConfigured: ssoRefusal('SSO_NOT_CONFIGURED'),
  invalidGrant: ssoRefusal('INVALID_GRANT'),
  emailNotVerified: ssoRefusal('EMAIL_NOT_VERIFIED'),
  userNotFound: ssoRefusal('USER_NOT_FOUND'),
  linkedToAnotherSubject: ssoRefusal('USER_LINKED_TO_ANOTHER_SUBJECT'),
  accountDisabled: ssoRefusal('ACCOUNT_DISABLED'),
  issuerUnavailable: {
    status: 503,
    resultCode: 'EXCEPTION',
    errorDescription: 'ISSUER_UNAVAILABLE',
    ssoCode: 'OK',
  },
} as const satisfies Record<string, ThronFailure>;

/** The issuer refused the code (invalid_grant, PKCE mismatch, bad ID token, wrong `iss`). */
export class IssuerRefusedError extends Error {
  override readonly name = 'IssuerRefusedError';
}

/** The issuer could not be reached, timed out, failed with HTTP 5xx, or is misconfigured here. */
export class IssuerUnreachableError extends Error {
  override readonly name = 'IssuerUnreachableError';
}
