import { DomainError } from '../common/domain-error';

export function rootIsReadOnly(): DomainError {
  return DomainError.forbidden('The root folder cannot be changed');
}
