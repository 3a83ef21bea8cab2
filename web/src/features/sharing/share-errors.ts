import { E_CODES, SHARE_ERROR_CODES, SHARE_MAX_VALIDITY_DAYS, type ShareErrorCode } from '@paddock/rules';
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

/** A sharing code in the user's language (`invalid`: the addresses refused), or null for any other code. */
export function shareCodeText(
  t: TFunction,
  code: string | null | undefined,
  invalid: readonly string[] = [],
): string | null {
  return isShareCode(code)
    ? t(`sharing.errors.${code}`, { invalid: invalid.join('; '), days: SHARE_MAX_VALIDITY_DAYS })
    : null;
}

/** A refusal of the hub in the user's language, or null when it is not one of sharing's own. */
export function shareRefusal(error: unknown, t: TFunction): string | null {
  if (!isApiError(error)) return null;
  const details = (error.details ?? {}) as { invalid?: unknown };
  const invalid = Array.isArray(details.invalid) ? details.invalid.map(String) : [];
  return shareCodeText(t, error.code, invalid);
}
