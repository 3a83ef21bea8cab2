import {
  ASSET_ERROR_CODES,
  E_CODES,
  SHARE_ERROR_CODES,
  SHARE_MAX_VALIDITY_DAYS,
  type ShareErrorCode,
} from '@paddock/rules';
import type { TFunction } from 'i18next';
import { isApiError } from '../../api/api-error';

/** The external share's codes with a text under `sharing.errors`: its refusals, the job's and the panel's failures. */
type ShareTextCode =
  ShareErrorCode | typeof E_CODES.EXTERNAL_SHARE_FAILED | typeof E_CODES.SHARED_METADATA_FAILED;

const TRANSLATED: ReadonlySet<string> = new Set<ShareTextCode>([
  ...Object.values(SHARE_ERROR_CODES),
  E_CODES.EXTERNAL_SHARE_FAILED,
  E_CODES.SHARED_METADATA_FAILED,
]);

function isShareCode(code: string | null | undefined): code is ShareTextCode {
  return !!code && TRANSLATED.has(code);
}

/** What a refusal's text may name: the addresses refused, the wait before the rate allows another share. */
export interface ShareRefusalDetails {
  invalid?: readonly string[];
  retryAfterSeconds?: number;
}

/** A sharing code in the user's language, or null for any other code. */
export function shareCodeText(
  t: TFunction,
  code: string | null | undefined,
  details: ShareRefusalDetails = {},
): string | null {
  // Said once for approval and sharing alike.
  if (code === ASSET_ERROR_CODES.UNREADABLE) return t(`error.codes.${code}`);
  return isShareCode(code)
    ? t(`sharing.errors.${code}`, {
        invalid: (details.invalid ?? []).join('; '),
        days: SHARE_MAX_VALIDITY_DAYS,
        minutes: Math.ceil((details.retryAfterSeconds ?? 0) / 60),
      })
    : null;
}

/** A refusal of the hub in the user's language, or null when it is not one of sharing's own. */
export function shareRefusal(error: unknown, t: TFunction): string | null {
  if (!isApiError(error)) return null;
  const details = (error.details ?? {}) as { invalid?: unknown; retryAfterSeconds?: unknown };
  return shareCodeText(t, error.code, {
    invalid: Array.isArray(details.invalid) ? details.invalid.map(String) : [],
    retryAfterSeconds: typeof details.retryAfterSeconds === 'number' ? details.retryAfterSeconds : 0,
  });
}
