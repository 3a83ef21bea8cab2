import {
  ENRICHMENT_ERROR_CODES as CODES,
  ENRICHMENT_STATUS,
  type EnrichmentErrorCode,
  type EnrichmentRefusalDetails,
} from '@paddock/rules';
import { mayTagSomewhere } from '@paddock/rules';
import type { AuthUser } from '../auth/auth-user';
import { DomainError, kindOfStatus } from '../common/domain-error';

/** An enrichment refusal (nothing changed), its status from ENRICHMENT_STATUS, its field in the details. */
export function enrichmentRefusal(
  code: EnrichmentErrorCode,
  message: string,
  details?: EnrichmentRefusalDetails,
): DomainError {
  return new DomainError(code, kindOfStatus(ENRICHMENT_STATUS[code]), message, details);
}

export const refuse = {
  tooManyAssets: (max: number) => enrichmentRefusal(CODES.TOO_MANY_ASSETS, `At most ${max} assets at once`),
  tooManyPairs: (max: number) =>
    enrichmentRefusal(CODES.TOO_MANY_VIN_PAIRS, `At most ${max} VIN and plate pairs`),
  tooManyCopyright: (max: number) =>
    enrichmentRefusal(CODES.TOO_MANY_COPYRIGHT_OPTIONS, `At most ${max} copyright options`),
  notInFolder: (ids: string[]) =>
    enrichmentRefusal(CODES.NOT_IN_FOLDER, 'Some assets are not in this folder', { ids }),
  notAllowed: (problem: string, ids?: string[]) =>
    enrichmentRefusal(CODES.NOT_ALLOWED, `Tagging is not allowed here (${problem})`, { problem, ids }),
  nothingToDo: () => enrichmentRefusal(CODES.NOTHING_TO_DO, 'Nothing to change'),
  tagExists: (id: string) =>
    enrichmentRefusal(CODES.TAG_EXISTS, 'A tag of that name exists already', { ids: [id] }),
  draftTooLarge: (max: number) =>
    enrichmentRefusal(CODES.DRAFT_TOO_LARGE, `The working state is larger than ${max} bytes`),
  field: (code: EnrichmentErrorCode, field: string, problem?: string) =>
    enrichmentRefusal(code, `Refused: ${field}${problem ? ` (${problem})` : ''}`, { field, problem }),
};

/** The wizard's lookups and new free tags are for who may tag somewhere (SPEC §6): not an observer. */
export function checkMayTag(user: AuthUser): void {
  if (!mayTagSomewhere(user.roles)) throw refuse.notAllowed('observer');
}
