import { PLATE_ERROR_CODES, type PlateErrorCode } from '@paddock/rules';
import type { TFunction } from 'i18next';
import { isApiError } from '../../api/api-error';

const PLATE_CODES: ReadonlySet<string> = new Set<string>(Object.values(PLATE_ERROR_CODES));

const isPlateCode = (code: string): code is PlateErrorCode => PLATE_CODES.has(code);

/** The hub's own code (kept as sent even where this web's table lacks it), when it is one of the plates'. */
function plateCodeOf(error: unknown): PlateErrorCode | null {
  return isApiError(error) && isPlateCode(error.shownCode) ? error.shownCode : null;
}

/** What a failed save or detection says: a refusal's own text, else what could not be done. */
export function plateErrorText(t: TFunction, error: unknown, jobCode: string | undefined): string {
  const code = plateCodeOf(error);
  if (code) return t(`error.codes.${code}`, { names: '' });
  return error ? t('error.messageRetry') : t('plates.detectFailed', { code: jobCode ?? '' });
}

/** The assets a PLATE_BOX_REQUIRED refusal names (its `details.ids`), or null for any other failure. */
export function boxRequiredAssets(error: unknown): string[] | null {
  if (plateCodeOf(error) !== PLATE_ERROR_CODES.BOX_REQUIRED || !isApiError(error)) return null;
  const details = (error.details ?? {}) as { ids?: unknown };
  return Array.isArray(details.ids) ? details.ids.map(String) : [];
}
