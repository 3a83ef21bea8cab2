import { ERROR_CODES, SAVED_SEARCH_ERROR_CODES as CODES } from '@paddock/rules';
import { DomainError } from '../common/domain-error';

/** The refusals of saved searches and collections (docs/saved-searches.md). */
export const savedSearchRefusal = {
  notFound: () => DomainError.notFound('No such saved search, or it is not shared with you'),
  collectionNotFound: () => DomainError.notFound('No such collection, or it is not shared with you'),
  notOwner: () => DomainError.forbidden('Only its owner changes, shares or deletes it'),
  builtin: () => new DomainError(CODES.BUILTIN_READ_ONLY, 'A built-in saved search cannot be changed'),
  nameTaken: (name: string) =>
    new DomainError(CODES.NAME_TAKEN, 'You already have one of that name', { name }),
  limit: (what: string, max: number) =>
    new DomainError(CODES.LIMIT_REACHED, `At most ${max} ${what}`, { max }),
  unknownUsers: (users: string[]) =>
    DomainError.invalid('Share with colleagues the directory knows', { users }),
  unknownDepartment: (department: string) =>
    DomainError.invalid('Share with a department the directory knows', { department }),
  assetsNotVisible: (ids: string[]) =>
    new DomainError(ERROR_CODES.NOT_FOUND, 'An asset is not visible to you', { ids }),
};
