import {
  ENRICHMENT_ERROR_CODES as CODES,
  type EnrichmentErrorCode,
  type EnrichmentRefusalDetails,
} from '@paddock/rules';
import { mayTagSomewhere } from '@paddock/rules';
import type { AuthUser } from '../common/auth-user';
import { DomainError } from '../common/domain-error';

/** An enrichment refusal (nothing changed), with the details the wizard reads (its field, the ids). */
function refusal(
  code: EnrichmentErrorCode,
  message: string,
  details?: EnrichmentRefusalDetails,
): DomainError {
  return new DomainError(code, message, details);
}

export const refuse = {
  tooManyAssets: (max: number) => refusal(CODES.TOO_MANY_ASSETS, `At most ${max} assets at once`),
  tooManyPairs: (max: number) => refusal(CODES.TOO_MANY_VIN_PAIRS, `At most ${max} VIN and plate pairs`),
  tooManyCopyright: (max: number) =>
    refusal(CODES.TOO_MANY_COPYRIGHT_OPTIONS, `At most ${max} copyright options`),
  notInFolder: (ids: string[]) => refusal(CODES.NOT_IN_FOLDER, 'Some assets are not in this folder', { ids }),
  notAllowed: (problem: string, ids?: string[]) =>
    refusal(CODES.NOT_ALLOWED, `Tagging is not allowed here (${problem})`, { problem, ids }),
  nothingToDo: () => refusal(CODES.NOTHING_TO_DO, 'Nothing to change'),
  tagExists: (id: string) => refusal(CODES.TAG_EXISTS, 'A tag of that name exists already', { ids: [id] }),
  draftTooLarge: (max: number) =>
    refusal(CODES.DRAFT_TOO_LARGE, `The working state is larger than ${max} bytes`),
  field: (code: EnrichmentErrorCode, field: string, problem?: string) =>
    refusal(code, `Refused: ${field}${problem ? ` (${problem})` : ''}`, { field, problem }),
};

/** The wizard's lookups and new free tags are for who may tag somewhere (SPEC §6): not an observer. */
export function checkMayTag(user: AuthUser): void {
  if (!mayTagSomewhere(user.roles)) throw refuse.notAllowed('observer');
}
