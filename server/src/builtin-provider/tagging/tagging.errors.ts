import type { ThronFailure } from '../thron.errors';

const business = (resultCode: string, errorDescription = resultCode): ThronFailure => ({
  status: 418,
  resultCode,
  errorDescription,
  ssoCode: 'OK',
});

/**
 * How the built-in provider refuses an itag or imetadata call: HTTP 418 with an MEITag /
 * MEMetadataDefinition resultCode (research §4). A refusal changes nothing.
 *
 * | refusal                                                  | resultCode               |
 * |----------------------------------------------------------|--------------------------|
 * | no tag definition with that id or prettyId               | ITAG_NOT_FOUND           |
 * | a new tag definition whose prettyId is taken, or one of whose names a tag of its classification bears (any case) | ITAG_ALREADY_DEFINED |
 * | a new tag definition the caller may not define (mayDefineTag: another classification than the free tags', a reserved prettyId) | ACCESS_DENIED |
 * | the tag belongs to another classification                | CLASSIFICATION_NOT_FOUND |
 * | a visible target on none of whose folders the caller has `write` | ACCESS_DENIED    |
 * | a reserved workflow tag or key (mayWriteTagging), by anyone but the service account | ACCESS_DENIED |
 * | imetadata on a content unknown, trashed or not visible   | BAD_REQUEST              |
 * | imetadata/insert of a key the content already has        | KEY_ALREADY_DEFINED      |
 *
 * itag calls instead list unknown, trashed or invisible targets in `targetsInIssue` (THRON's shape).
 */
export const TAGGING_FAILURES = {
  itagNotFound: business('ITAG_NOT_FOUND'),
  itagAlreadyDefined: business('ITAG_ALREADY_DEFINED'),
  classificationNotFound: business('CLASSIFICATION_NOT_FOUND'),
  accessDenied: business('ACCESS_DENIED'),
  targetNotFound: business('BAD_REQUEST', 'TARGET_NOT_FOUND'),
  keyAlreadyDefined: business('KEY_ALREADY_DEFINED'),
} as const satisfies Record<string, ThronFailure>;
