import { ASSET_ERROR_CODES, ERROR_CODES } from '@paddock/rules';
import { DomainError, type ErrorKind } from './domain-error';
import { ProviderError } from '../provider/provider.errors';

const KIND_OF_CODE: Record<string, ErrorKind> = {
  [ERROR_CODES.NOT_FOUND]: 'not-found',
  [ERROR_CODES.FORBIDDEN]: 'forbidden',
  [ERROR_CODES.UNAUTHENTICATED]: 'unauthenticated',
  [ERROR_CODES.VALIDATION_FAILED]: 'invalid',
  [ERROR_CODES.TOO_MANY_ATTEMPTS]: 'too-many',
  [ERROR_CODES.PROVIDER_UNAVAILABLE]: 'unavailable',
  [ASSET_ERROR_CODES.UPLOAD_DENIED_SUPPLIERS]: 'forbidden',
  [ASSET_ERROR_CODES.UPLOAD_FORBIDDEN]: 'forbidden',
};

/**
 * A provider failure as the hub answers it: its code kept (E-codes of SPEC §8 included, which
 * read as a conflict: the provider refused the operation), transient ones as 503.
 */
export function asDomainError(error: unknown): unknown {
  if (!(error instanceof ProviderError)) return error;
  const kind = error.transient ? 'unavailable' : (KIND_OF_CODE[error.code] ?? 'conflict');
  return new DomainError(error.code, kind, error.message);
}
