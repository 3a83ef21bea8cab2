import type { ASSET_ERROR_CODES } from './assets';
import type { SHARE_ERROR_CODES } from './sharing';
import type { ENRICHMENT_ERROR_CODES } from './enrichment';
import type { INTERNAL_SHARE_ERROR_CODES } from './internal-share';
import type { FolderErrorCode } from './folders';
import type { LegalHoldErrorCode } from './legal-hold';
import type { RightsNoticeErrorCode } from './rights-notices';
import type { SavedSearchErrorCode } from './saved-searches';
import type { PlateErrorCode } from './plates';
import type { WORKFLOW_ERROR_CODES } from './workflow';

/**
 * Error codes, defined once for server and web. SPEC §8 numbers its codes E001 to E069 and says
 * what some of them are for: each of those has a name here, with its line of the SPEC table.
 * ERROR_CODES below are the hub's own, for situations SPEC names without a number.
 */
export const E_CODES = {
  /** SPEC §8 E002: default for failed content search. */
  CONTENT_SEARCH_FAILED: 'E002',
  /** SPEC §8 E003: external share creation failed. */
  EXTERNAL_SHARE_FAILED: 'E003',
  /** SPEC §8 E004: loading shared metadata. */
  SHARED_METADATA_FAILED: 'E004',
  /** SPEC §8 E005-E008 product and tag lookups; E005: the product listing. */
  PRODUCTS_LOOKUP_FAILED: 'E005',
  /** SPEC §8 E005-E008 product and tag lookups; E006: the tags of a classification, listed to pick from. */
  TAG_LIST_FAILED: 'E006',
  /** SPEC §8 E005-E008 product and tag lookups; E007: tags read by id (one just created, those of a request). */
  TAG_LOOKUP_FAILED: 'E007',
  /** SPEC §8 E005-E008 product and tag lookups; E008: the metadata definitions. */
  METADATA_DEFINITIONS_FAILED: 'E008',
  /** SPEC §8 E009: folder structure load. */
  FOLDER_TREE_FAILED: 'E009',
  /** SPEC §8 E014: single folder structure. */
  FOLDER_FAILED: 'E014',
  /** SPEC §8 E015: content counts. */
  CONTENT_COUNTS_FAILED: 'E015',
  /** SPEC §8 E018: folder lookup. */
  FOLDER_LOOKUP_FAILED: 'E018',
  /** SPEC §8 E020, E021, E025-E028: content search during accept, reject, detail, breadcrumb (E020: accept). */
  CONTENT_LOOKUP_ACCEPT_FAILED: 'E020',
  /** SPEC §8 E020, E021, E025-E028: content search during accept, reject, detail, breadcrumb (E021: reject). */
  CONTENT_LOOKUP_REJECT_FAILED: 'E021',
  /** SPEC §8 E020, E021, E025-E028: content search during accept, reject, detail, breadcrumb (E025: detail). */
  CONTENT_LOOKUP_DETAIL_FAILED: 'E025',
  /** SPEC §8 E020, E021, E025-E028 (E026: detail): the folder the detail is looked at in. */
  DETAIL_FOLDER_FAILED: 'E026',
  /** SPEC §8 E020, E021, E025-E028 (E027: detail): that folder's ancestors, which decide its place and actions. */
  DETAIL_PLACE_FAILED: 'E027',
  /** SPEC §8 E020, E021, E025-E028 (E028: breadcrumb): the ancestors of a folder, named for its path. */
  BREADCRUMB_FAILED: 'E028',
  /** SPEC §8 E032: category lookup default; failed tag insert (E032: the tag insert). */
  TAG_INSERT_FAILED: 'E032',
  /**
   * SPEC §8 E032: category lookup default (E032: the folders a content or a user is linked to, SPEC §7
   * getLinkedCategory and the sharing-folder lookup), when the failure has no more specific code.
   */
  CATEGORY_LOOKUP_FAILED: 'E032',
  /** SPEC §8 E035: tag bulk insert for sharing failed (message genericError). */
  TAG_BULK_INSERT_FAILED: 'E035',
  /** SPEC §8 E038: failed metadata insert. */
  METADATA_INSERT_FAILED: 'E038',
  /** SPEC §8 E045: metadata bulk insert. */
  METADATA_BULK_INSERT_FAILED: 'E045',
  /** SPEC §8 E046, E048: accept move failure (content sent to junk); E046: linking the next step's folder. */
  ACCEPT_LINK_FAILED: 'E046',
  /** SPEC §8 E046, E048: accept move failure (content sent to junk); E048: unlinking the step's folder. */
  ACCEPT_UNLINK_FAILED: 'E048',
  /** SPEC §8 E049, E050: move failure in detail; E049: linking the target folder. */
  MOVE_LINK_FAILED: 'E049',
  /** SPEC §8 E049, E050: move failure in detail; E050: unlinking the source folder. */
  MOVE_UNLINK_FAILED: 'E050',
  /** SPEC §8 E051: supplier removal failure. */
  SUPPLIER_REMOVAL_FAILED: 'E051',
  /** SPEC §8 E054: junk move retry failure. */
  JUNK_MOVE_RETRY_FAILED: 'E054',
  /** SPEC §8 E055: trash failure. */
  TRASH_FAILED: 'E055',
  /** SPEC §8 E059: get registry (registry is cleared). */
  REGISTRY_FAILED: 'E059',
  /** SPEC §8 E062: share and publish. */
  SHARE_PUBLISH_FAILED: 'E062',
  /** SPEC §8 E064: rename: adding EN failed. */
  RENAME_ADD_EN_FAILED: 'E064',
  /** SPEC §8 E065: rename: updating EN failed. */
  RENAME_UPDATE_EN_FAILED: 'E065',
  /** SPEC §8 E066: rename: adding IT failed. */
  RENAME_ADD_IT_FAILED: 'E066',
  /** SPEC §8 E067: rename: updating IT failed. */
  RENAME_UPDATE_IT_FAILED: 'E067',
} as const;
/** A numbered code of SPEC §8 that E_CODES names: a typo such as 'E0555' does not compile. */
export type ECode = (typeof E_CODES)[keyof typeof E_CODES];

export const ERROR_CODES = {
  // Authentication and session (SPEC §6 login failure messages).
  WRONG_CREDENTIALS: 'WRONG_CREDENTIALS',
  PASSWORD_EXPIRED: 'PASSWORD_EXPIRED',
  ACCOUNT_DISABLED: 'ACCOUNT_DISABLED',
  TOO_MANY_ATTEMPTS: 'TOO_MANY_ATTEMPTS',
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  CSRF_MISMATCH: 'CSRF_MISMATCH',
  SSO_FAILED: 'SSO_FAILED',
  SSO_NOT_CONFIGURED: 'SSO_NOT_CONFIGURED',
  // Profile.
  DISCLAIMER_NOT_CURRENT: 'DISCLAIMER_NOT_CURRENT',
  DISCLAIMER_VERSION_IMMUTABLE: 'DISCLAIMER_VERSION_IMMUTABLE',
  /** A signed-in user called the hub before accepting the current disclaimer (SPEC §2). */
  DISCLAIMER_NOT_ACCEPTED: 'DISCLAIMER_NOT_ACCEPTED',
  // Folders.
  FOLDER_NOT_EMPTY: 'FOLDER_NOT_EMPTY',
  // Downloads.
  /** SPEC §6: an asset of the request may not be downloaded where it is looked at; nothing was prepared. */
  DOWNLOAD_NOT_ALLOWED: 'DOWNLOAD_NOT_ALLOWED',
  /** An asset of the request is not in the folder it was asked from (a stale view); nothing was prepared. */
  DOWNLOAD_NOT_IN_FOLDER: 'DOWNLOAD_NOT_IN_FOLDER',
  // Jobs.
  JOB_INVALID_PAYLOAD: 'JOB_INVALID_PAYLOAD',
  JOB_UNKNOWN: 'JOB_UNKNOWN',
  JOB_QUEUE_UNAVAILABLE: 'JOB_QUEUE_UNAVAILABLE',
  /** BullMQ gave up on a job whose worker died mid-run too often. */
  JOB_STALLED: 'JOB_STALLED',
  /** Retry asked for a job that has not failed. */
  JOB_NOT_RETRYABLE: 'JOB_NOT_RETRYABLE',
  /** Cancel asked for a job that is running or has ended: BullMQ cannot stop a running job safely. */
  JOB_NOT_CANCELLABLE: 'JOB_NOT_CANCELLABLE',
  /** "Retry the failed items" asked of a job that has not ended yet. */
  JOB_STILL_RUNNING: 'JOB_STILL_RUNNING',
  /** "Retry the failed items" asked of a job none of whose items failed. */
  JOB_NO_FAILED_ITEMS: 'JOB_NO_FAILED_ITEMS',
  // Generic.
  VALIDATION_FAILED: 'VALIDATION_FAILED',
  /** A request body larger than LIMITS.jsonBodyMaxBytes. */
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  PROVIDER_UNAVAILABLE: 'PROVIDER_UNAVAILABLE',
  /** A store the hub needs to answer (Redis, e.g. for the sign-in throttle) cannot be reached: retry later. */
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  INTERNAL: 'INTERNAL',
} as const;
/** Every code the hub answers with: a typo does not compile. */
export type ErrorCode =
  | (typeof ERROR_CODES)[keyof typeof ERROR_CODES]
  | (typeof ASSET_ERROR_CODES)[keyof typeof ASSET_ERROR_CODES]
  | (typeof WORKFLOW_ERROR_CODES)[keyof typeof WORKFLOW_ERROR_CODES]
  | (typeof SHARE_ERROR_CODES)[keyof typeof SHARE_ERROR_CODES]
  | (typeof ENRICHMENT_ERROR_CODES)[keyof typeof ENRICHMENT_ERROR_CODES]
  | (typeof INTERNAL_SHARE_ERROR_CODES)[keyof typeof INTERNAL_SHARE_ERROR_CODES]
  | FolderErrorCode
  | LegalHoldErrorCode
  | RightsNoticeErrorCode
  | SavedSearchErrorCode
  | PlateErrorCode
  | ECode;

/** Codes a derivatives job ends with when the media itself is the problem. */
export const MEDIA_ERROR_CODES = {
  /** The content or its version is gone: nothing to derive. */
  SOURCE_MISSING: 'MEDIA_SOURCE_MISSING',
  /** The file cannot be decoded (corrupt, truncated, or not what its extension says). */
  UNREADABLE: 'MEDIA_UNREADABLE',
  /** An image above the pixel limit (decompression bombs included). */
  TOO_MANY_PIXELS: 'MEDIA_TOO_MANY_PIXELS',
  /** A media tool is not installed on the worker's machine. */
  TOOL_MISSING: 'MEDIA_TOOL_MISSING',
  /** A tool ran out of time (a busy machine: worth another try). */
  TOOL_TIMEOUT: 'MEDIA_TOOL_TIMEOUT',
  /** A tool was killed by a signal it did not ask for (out of memory, shutdown): retried. */
  TOOL_KILLED: 'MEDIA_TOOL_KILLED',
} as const;
export type MediaErrorCode = (typeof MEDIA_ERROR_CODES)[keyof typeof MEDIA_ERROR_CODES];

/** The error filter's code for an HTTP status no ErrorCode names (e.g. HTTP_405). */
export type HttpStatusErrorCode = `HTTP_${number}`;

/** Every code a job, its audit row or an error answer of the hub can end with. */
export type JobErrorCode = ErrorCode | MediaErrorCode | HttpStatusErrorCode;

/** The body of every error the hub answers (CONVENTIONS §8). */
export interface ErrorBody {
  code: JobErrorCode;
  message: string;
  correlationId: string;
  details?: unknown;
}
