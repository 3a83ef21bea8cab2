import { ASSET_ERROR_CODES } from './assets';
import { ENRICHMENT_ERROR_CODES, ENRICHMENT_STATUS } from './enrichment';
import { ERROR_CODES, E_CODES, type ECode } from './errors';
import { FOLDER_ERROR_CODES } from './folders';
import { SHARE_CODE_STATUS } from './sharing';

/**
 * SPEC §8 codes of a load (search E002, product and tag lookups E005–E008, folder structure E009,
 * single folder E014, counts E015, folder lookup E018, detail and breadcrumb look-ups E026–E028, get
 * registry E059): the web shows what was
 * loading, so an outage keeps them, and any failure of them is "try later".
 */
export const LOAD_E_CODES: ReadonlySet<string> = new Set<ECode>([
  E_CODES.CONTENT_SEARCH_FAILED,
  E_CODES.PRODUCTS_LOOKUP_FAILED,
  E_CODES.TAG_LIST_FAILED,
  E_CODES.TAG_LOOKUP_FAILED,
  E_CODES.METADATA_DEFINITIONS_FAILED,
  E_CODES.REGISTRY_FAILED,
  E_CODES.FOLDER_TREE_FAILED,
  E_CODES.FOLDER_FAILED,
  E_CODES.CONTENT_COUNTS_FAILED,
  E_CODES.FOLDER_LOOKUP_FAILED,
  E_CODES.DETAIL_FOLDER_FAILED,
  E_CODES.DETAIL_PLACE_FAILED,
  E_CODES.BREADCRUMB_FAILED,
]);

const ALL_E_CODES: ReadonlySet<string> = new Set<ECode>(Object.values(E_CODES));

/** The one HTTP status of each named code a provider failure can carry. */
const STATUS_OF_NAMED_CODE: Readonly<Record<string, number>> = {
  [ERROR_CODES.VALIDATION_FAILED]: 400,
  [ERROR_CODES.UNAUTHENTICATED]: 401,
  [ERROR_CODES.WRONG_CREDENTIALS]: 401,
  [ERROR_CODES.PASSWORD_EXPIRED]: 401,
  [ERROR_CODES.ACCOUNT_DISABLED]: 401,
  [ERROR_CODES.SSO_FAILED]: 401,
  [ERROR_CODES.FORBIDDEN]: 403,
  [ASSET_ERROR_CODES.UPLOAD_DENIED_SUPPLIERS]: 403,
  [ASSET_ERROR_CODES.UPLOAD_FORBIDDEN]: 403,
  [ERROR_CODES.NOT_FOUND]: 404,
  [ERROR_CODES.FOLDER_NOT_EMPTY]: 409,
  [FOLDER_ERROR_CODES.NAME_REQUIRED]: 400,
  [FOLDER_ERROR_CODES.PRETTY_ID_INVALID]: 400,
  [FOLDER_ERROR_CODES.PRETTY_ID_RESERVED]: 400,
  [FOLDER_ERROR_CODES.CREATE_FAILED]: 409,
  [FOLDER_ERROR_CODES.RENAME_FAILED]: 409,
  [FOLDER_ERROR_CODES.PRETTY_ID_FAILED]: 409,
  [ERROR_CODES.TOO_MANY_ATTEMPTS]: 429,
  [ERROR_CODES.PROVIDER_UNAVAILABLE]: 503,
  [ERROR_CODES.SERVICE_UNAVAILABLE]: 503,
  ...SHARE_CODE_STATUS,
  ...Object.fromEntries(Object.values(ENRICHMENT_ERROR_CODES).map((code) => [code, ENRICHMENT_STATUS[code]])),
};

/**
 * The HTTP status a code answers with, the same wherever it comes from:
 *
 * | code                                         | status |
 * |----------------------------------------------|--------|
 * | a load E-code (LOAD_E_CODES)                 | 503    |
 * | any other E-code: the provider refused the operation (rename E064–E067, trash E055, tag insert E032, metadata E038/E045, share-publish E062, …) | 409 |
 * | a named code                                 | STATUS_OF_NAMED_CODE |
 * | anything else: the provider said something the hub cannot read | 503 |
 */
export function httpStatusOfCode(code: string): number {
  if (LOAD_E_CODES.has(code)) return 503;
  if (ALL_E_CODES.has(code)) return 409;
  return STATUS_OF_NAMED_CODE[code] ?? 503;
}
