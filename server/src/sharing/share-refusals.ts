import { SHARE_ERROR_CODES } from '@paddock/rules';
import { DomainError } from '../common/domain-error';

/** SPEC §6 refused sharing these assets where they are looked at (external and internal shares alike). */
export function shareNotAllowed(ids: string[]): DomainError {
  return new DomainError(SHARE_ERROR_CODES.NOT_ALLOWED, 'Some assets may not be shared here', { ids });
}

/** These assets are not in the folder the share was asked from (a stale view). */
export function shareNotInFolder(ids: string[]): DomainError {
  return new DomainError(SHARE_ERROR_CODES.NOT_IN_FOLDER, 'Some assets are not in this folder', { ids });
}
