import { ASSET_ERROR_CODES, INTERNAL_SHARE_ERROR_CODES as CODES, SHARE_ERROR_CODES } from '@paddock/rules';
import type { TFunction } from 'i18next';

/** The codes with a message of their own (the rest: the generic error dialog). */
const MESSAGES = {
  [CODES.BAD_TARGET]: 'internalShare.errors.SHARE_BAD_TARGET',
  [CODES.PUBLISH_NOT_ALLOWED]: 'internalShare.errors.FOLDER_PUBLISH_NOT_ALLOWED',
  [CODES.PUBLISH_FAILED]: 'internalShare.errors.FOLDER_PUBLISH_FAILED',
  [CODES.UNPUBLISH_FAILED]: 'internalShare.errors.FOLDER_UNPUBLISH_FAILED',
  [SHARE_ERROR_CODES.NOT_ALLOWED]: 'internalShare.errors.SHARE_NOT_ALLOWED',
  [SHARE_ERROR_CODES.NOT_IN_FOLDER]: 'internalShare.errors.SHARE_NOT_IN_FOLDER',
  [ASSET_ERROR_CODES.UNREADABLE]: 'error.codes.ASSET_UNREADABLE',
} as const;

/** The translated message of an internal share or publishing code, or null. */
export function internalShareErrorMessage(t: TFunction, code: string | null | undefined): string | null {
  const key = code && code in MESSAGES ? MESSAGES[code as keyof typeof MESSAGES] : null;
  return key ? t(key) : null;
}
