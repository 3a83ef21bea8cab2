import type { FolderAction } from '@paddock/rules';
import { DomainError } from '../common/domain-error';

export function rootIsReadOnly(): DomainError {
  return DomainError.forbidden('The root folder cannot be changed');
}

/** SPEC §6 refuses this folder action in the folder's view (or to this role). */
export function folderActionNotAllowed(action: FolderAction): DomainError {
  return DomainError.forbidden(`SPEC §6 does not allow ${action} here`);
}
