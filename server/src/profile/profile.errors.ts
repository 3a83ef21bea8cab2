import { ERROR_CODES } from '@paddock/rules';
import { DomainError } from '../common/domain-error';

export const ProfileErrors = {
  noActiveDisclaimer: () => DomainError.notFound('No disclaimer is active'),

  disclaimerNotFound: (id: string) => DomainError.notFound(`Disclaimer "${id}" does not exist`),

  /** The client accepted a disclaimer that is inactive or superseded: it must show the current one. */
  disclaimerNotCurrent: (id: string, currentDisclaimerId: string | null) =>
    new DomainError(
      ERROR_CODES.DISCLAIMER_NOT_CURRENT,
      `Disclaimer "${id}" is not the current disclaimer; show and accept the current one`,
      { disclaimerId: id, currentDisclaimerId },
    ),

  invalidDisclaimer: (problems: string[]) => DomainError.invalid('The disclaimer is not valid', problems),

  /** A published version keeps its acceptances on record: a new version needs a new id. */
  disclaimerVersionImmutable: (id: string, storedVersion: string, version: string) =>
    new DomainError(
      ERROR_CODES.DISCLAIMER_VERSION_IMMUTABLE,
      `Disclaimer "${id}" is version ${storedVersion}; publish version ${version} under a new id`,
      { disclaimerId: id, storedVersion, version },
    ),
};
