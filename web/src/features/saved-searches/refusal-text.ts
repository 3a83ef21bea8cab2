import type { TFunction } from 'i18next';
import { isApiError } from '../../api/api-error';

/** A refusal of the hub in the user's language, or the generic "try again". */
export function refusalText(t: TFunction, error: unknown): string {
  return t(`error.codes.${isApiError(error) ? error.code : ''}`, { defaultValue: t('error.messageRetry') });
}
