import { ERROR_CODES } from '@paddock/rules';
import { DomainError } from '../../common/domain-error';

/** The failures of single sign-on, as the hub answers them. */
export const SsoErrors = {
  notConfigured: () => new DomainError(ERROR_CODES.SSO_NOT_CONFIGURED, 'Single sign-on is not configured'),
  failed: (message = 'Single sign-on failed') => new DomainError(ERROR_CODES.SSO_FAILED, message),
  providerUnavailable: () =>
    new DomainError(ERROR_CODES.PROVIDER_UNAVAILABLE, 'The provider is not reachable, try later'),
};

/** The issuer's metadata could not be discovered (network, TLS, bad document). */
export class IssuerUnavailableError extends Error {
  override readonly name = 'IssuerUnavailableError';
}
