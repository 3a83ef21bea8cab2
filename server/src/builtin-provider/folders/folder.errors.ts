import type { ThronFailure } from '../thron.errors';

const business = (resultCode: string): ThronFailure => ({
  status: 418,
  resultCode,
  errorDescription: resultCode,
  ssoCode: 'OK',
});

/**
 * How the built-in provider refuses a folder (category) or content-category call: THRON's business
 * errors, HTTP 418 with an MECategory / MEContentCategory resultCode (research §3.1).
 *
 * | refusal                                   | resultCode                  |
 * |-------------------------------------------|-----------------------------|
 * | folder unknown, or not shown to the user  | CATEGORY_NOT_EXISTS         |
 * | parent unknown, or not shown to the user  | PARENT_CATEGORY_NOT_FOUND   |
 * | a folder without a name (SPEC §5)         | CATEGORYNAME_IS_REQUIRED    |
 * | no `manage` (folders) / `write` (links)   | ACCESS_DENIED               |
 * | a workflow code (SPEC §3) given or taken  | ACCESS_DENIED               |
 * |   by any caller but the service account   |                             |
 * | delete of a folder with sub-folders/links | CATEGORY_NOT_EMPTY          |
 * | prettyId taken                            | PRETTYID_ALREADY_EXISTS     |
 * | more than 50 ids in one call              | MAX_NUMBER_OF_ITEMS_REACHED |
 * | getLinkedCategory of an unknown content   | CONTENT_NOT_EXISTS          |
 */
export const FOLDER_FAILURES = {
  notExists: business('CATEGORY_NOT_EXISTS'),
  parentNotFound: business('PARENT_CATEGORY_NOT_FOUND'),
  nameRequired: business('CATEGORYNAME_IS_REQUIRED'),
  accessDenied: business('ACCESS_DENIED'),
  notEmpty: business('CATEGORY_NOT_EMPTY'),
  prettyIdExists: business('PRETTYID_ALREADY_EXISTS'),
  tooManyItems: business('MAX_NUMBER_OF_ITEMS_REACHED'),
  contentNotExists: business('CONTENT_NOT_EXISTS'),
} as const satisfies Record<string, ThronFailure>;
