import { ASSET_ERROR_CODES } from '@paddock/rules';
import { DomainError } from '../common/domain-error';

/** A rename or new version asked from a folder the asset is not in (a stale view): nothing changed. */
export function assetNotInFolder(ids: string[]): DomainError {
  return new DomainError(ASSET_ERROR_CODES.NOT_IN_FOLDER, 'The asset is not in this folder', { ids });
}
