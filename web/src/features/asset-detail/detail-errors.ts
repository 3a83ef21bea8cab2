import { E_CODES } from '@paddock/rules';
import type { TFunction } from 'i18next';
import { isApiError } from '../../api/api-error';

/** The detail's own look-ups (SPEC §8 E026 its folder, E027 its place there), each with its message. */
const DETAIL_CODES = [E_CODES.DETAIL_FOLDER_FAILED, E_CODES.DETAIL_PLACE_FAILED] as const;

/** What the detail modal says when the asset could not be loaded. */
export function detailFailedMessage(t: TFunction, error: unknown): string {
  const code = isApiError(error) ? error.code : undefined;
  const own = DETAIL_CODES.find((c) => c === code);
  return own ? t(`error.codes.${own}`) : t('assetDetail.loadFailed');
}
