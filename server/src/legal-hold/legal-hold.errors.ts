import { LEGAL_HOLD_ERROR_CODES as CODES } from '@paddock/rules';
import { DomainError } from '../common/domain-error';

/** The refusals of legal hold; a hold's reason is never in them (it may name a case). */
export const legalHoldRefusal = {
  held: (ids: string[]) =>
    new DomainError(
      CODES.HELD,
      'Under a legal hold: nothing deletes or replaces it until an administrator releases the hold',
      { ids },
    ),
  folderHeld: (folderId: string) =>
    new DomainError(CODES.HELD, 'This folder is under a legal hold: it is not deleted while held', {
      ids: [folderId],
    }),
  alreadyReleased: () => new DomainError(CODES.ALREADY_RELEASED, 'This legal hold was released already'),
  notManager: () => DomainError.forbidden('Only administrators place and release legal holds'),
  otherDepartment: () =>
    DomainError.forbidden("A department is held by its own administrators, or by the organisation's"),
};
