import { FOLDER_ERROR_CODES, type FolderAction } from '@paddock/rules';
import { DomainError } from '../common/domain-error';

export function rootIsReadOnly(): DomainError {
  return DomainError.forbidden('The root folder cannot be changed');
}

/** SPEC §6 refuses this folder action in the folder's view (or to this role). */
export function folderActionNotAllowed(action: FolderAction): DomainError {
  return DomainError.forbidden(`SPEC §6 does not allow ${action} here`);
}

/** SPEC §5: a folder must have a name. */
export function folderNameRequired(): DomainError {
  return new DomainError(FOLDER_ERROR_CODES.NAME_REQUIRED, 'Folder must have a name');
}

export function prettyIdInvalid(): DomainError {
  return new DomainError(
    FOLDER_ERROR_CODES.PRETTY_ID_INVALID,
    'A folder code is lower-case letters and digits in dash-separated parts',
  );
}

/** The SPEC §3 codes decide where a folder sits in the workflow: they are not given or taken by hand. */
export function prettyIdReserved(): DomainError {
  return new DomainError(
    FOLDER_ERROR_CODES.PRETTY_ID_RESERVED,
    'The workflow folder codes are not changed by hand',
  );
}
