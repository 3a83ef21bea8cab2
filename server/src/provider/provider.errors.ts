import { ERROR_CODES, LEGAL_HOLD_ERROR_CODES, type ErrorCode } from '@paddock/rules';
import { z } from 'zod';
import { ProviderError, type ProviderFailureDetail } from '../common/provider-error';

/** Null for what the provider does not show (NOT_FOUND); any other failure, an outage above all, stands. */
export function nullIfNotFound(error: unknown): null {
  if (error instanceof ProviderError && error.code === ERROR_CODES.NOT_FOUND) return null;
  throw error;
}

/** THRON's envelope (research §1); other fields are per call. */
export const envelopeSchema = z.object({
  resultCode: z.string(),
  errorDescription: z.string().optional(),
  ssoCode: z.string().optional(),
});
export type Envelope = z.infer<typeof envelopeSchema>;

/**
 * Refusals named in `errorDescription`: the built-in provider's login refusals (identity.errors.ts
 * there) and its legal-hold refusal (holds.errors.ts there).
 */
const CODE_OF_DESCRIPTION: Record<string, ErrorCode> = {
  WRONG_CREDENTIALS: ERROR_CODES.WRONG_CREDENTIALS,
  PASSWORD_EXPIRED: ERROR_CODES.PASSWORD_EXPIRED,
  ACCOUNT_DISABLED: ERROR_CODES.ACCOUNT_DISABLED,
  TOO_MANY_ATTEMPTS: ERROR_CODES.TOO_MANY_ATTEMPTS,
  LEGAL_HOLD: LEGAL_HOLD_ERROR_CODES.HELD,
};

const CODE_OF_STATUS: Record<number, ErrorCode> = {
  400: ERROR_CODES.VALIDATION_FAILED,
  401: ERROR_CODES.UNAUTHENTICATED,
  404: ERROR_CODES.NOT_FOUND,
  429: ERROR_CODES.TOO_MANY_ATTEMPTS,
};

/**
 * An answer that is not a success, mapped to a ProviderError (the one table of it):
 *
 * | answer                                                     | code                       | transient |
 * |------------------------------------------------------------|----------------------------|-----------|
 * | HTTP 5xx                                                   | PROVIDER_UNAVAILABLE       | yes       |
 * | errorDescription WRONG_CREDENTIALS, PASSWORD_EXPIRED,      | the same code              | no        |
 * |   ACCOUNT_DISABLED or TOO_MANY_ATTEMPTS (any status)       |                            |           |
 * | errorDescription LEGAL_HOLD (any status)                   | LEGAL_HOLD_ACTIVE          | no        |
 * | resultCode CLIENT_NOT_FOUND (our CLIENT_ID is wrong)       | PROVIDER_UNAVAILABLE       | no        |
 * | 403 with ssoCode SESSION_EXPIRED or AUTHENTICATION_ERROR   | UNAUTHENTICATED            | no        |
 * | other 403                                                  | FORBIDDEN                  | no        |
 * | 400 / 401 / 404 / 429                                      | VALIDATION_FAILED / UNAUTHENTICATED / NOT_FOUND / TOO_MANY_ATTEMPTS | no |
 * | 418, or 2xx whose resultCode is not OK                     | the call's `fallback`      | no        |
 * | anything else (3xx, unreadable body…)                      | PROVIDER_UNAVAILABLE       | no        |
 *
 * 418 is THRON's normal business answer (research §1), so its body, not its status, decides. A
 * Retry-After in seconds (a throttled login) is kept in the detail.
 */
export function providerFailure(
  status: number,
  body: unknown,
  fallback: ErrorCode,
  retryAfter?: unknown,
): ProviderError {
  const parsed = envelopeSchema.safeParse(body);
  const envelope = parsed.success ? parsed.data : undefined;
  const detail: ProviderFailureDetail = {
    status,
    resultCode: envelope?.resultCode,
    errorDescription: envelope?.errorDescription,
    ...(typeof retryAfter === 'string' && /^\d+$/.test(retryAfter)
      ? { retryAfterSeconds: Number(retryAfter) }
      : {}),
  };
  const fail = (code: ErrorCode, transient = false) =>
    new ProviderError(
      code,
      transient,
      `Provider answered HTTP ${status} ${envelope?.resultCode ?? ''}`.trim(),
      detail,
    );

  if (status >= 500) return fail(ERROR_CODES.PROVIDER_UNAVAILABLE, true);
  const described = envelope?.errorDescription ? CODE_OF_DESCRIPTION[envelope.errorDescription] : undefined;
  if (described) return fail(described);
  if (envelope?.resultCode === 'CLIENT_NOT_FOUND') return fail(ERROR_CODES.PROVIDER_UNAVAILABLE);
  if (status === 403)
    return fail(
      envelope?.ssoCode === 'SESSION_EXPIRED' || envelope?.ssoCode === 'AUTHENTICATION_ERROR'
        ? ERROR_CODES.UNAUTHENTICATED
        : ERROR_CODES.FORBIDDEN,
    );
  if (CODE_OF_STATUS[status]) return fail(CODE_OF_STATUS[status]);
  if (envelope && (status === 418 || (status >= 200 && status < 300))) return fail(fallback);
  return fail(ERROR_CODES.PROVIDER_UNAVAILABLE);
}

/** No answer at all: refused, reset, unresolvable or timed out. Worth trying again later. */
export function unreachable(networkCode: string | undefined): ProviderError {
  return new ProviderError(
    ERROR_CODES.PROVIDER_UNAVAILABLE,
    true,
    `Provider unreachable (${networkCode ?? 'no answer'})`,
    {
      networkCode,
    },
  );
}
