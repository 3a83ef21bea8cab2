import { ERROR_CODES } from '@paddock/rules';
import { DomainError, type ErrorKind } from '../common/domain-error';
import { ProviderError } from '../provider/provider.errors';

const KIND_OF_CODE: Partial<Record<string, ErrorKind>> = {
  [ERROR_CODES.FORBIDDEN]: 'forbidden',
  [ERROR_CODES.NOT_FOUND]: 'not-found',
  [ERROR_CODES.UNAUTHENTICATED]: 'unauthenticated',
  [ERROR_CODES.VALIDATION_FAILED]: 'invalid',
};

const MESSAGE_OF_CODE: Partial<Record<string, string>> = {
  [ERROR_CODES.FORBIDDEN]: 'You may not change this folder',
  [ERROR_CODES.NOT_FOUND]: 'Folder not found',
  [ERROR_CODES.UNAUTHENTICATED]: 'The session has expired: sign in again',
  [ERROR_CODES.VALIDATION_FAILED]: 'Folder must have a name',
};

/**
 * A provider failure as the web reads it: refusals keep their meaning (403, 404, 401, 400); a
 * folder that still holds something is a 409; an outage keeps its SPEC §8 code (E009, E014, E018)
 * and answers 503 with the generic "try later".
 */
export function folderError(error: unknown): unknown {
  if (!(error instanceof ProviderError)) return error;
  if (error.detail.resultCode === 'CATEGORY_NOT_EMPTY')
    return new DomainError(ERROR_CODES.FOLDER_NOT_EMPTY, 'conflict', 'The folder is not empty');
  const kind = KIND_OF_CODE[error.code];
  if (kind) return new DomainError(error.code, kind, MESSAGE_OF_CODE[error.code] ?? error.message);
  return new DomainError(error.code, 'unavailable', 'The operation could not be performed. Try later');
}

export function rootIsReadOnly(): DomainError {
  return DomainError.forbidden('The root folder cannot be changed');
}
