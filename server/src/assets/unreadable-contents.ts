import { ASSET_ERROR_CODES, unreadableIds } from '@paddock/rules';
import { DomainError } from '../common/domain-error';

/**
 * Refuses contents whose file cannot be read (issue 23): sent on to approval or shared, such a file
 * reaches people who can do nothing with it. Nothing is enqueued; a new version clears it.
 */
export function refuseUnreadable(contents: readonly { id: string; state: string }[]): void {
  const ids = unreadableIds(contents);
  if (ids.length)
    throw new DomainError(
      ASSET_ERROR_CODES.UNREADABLE,
      'A file cannot be read: upload a new version of it first',
      { ids },
    );
}
