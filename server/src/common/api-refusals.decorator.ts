import { applyDecorators } from '@nestjs/common';
import { ApiCookieAuth, ApiResponse, ApiSecurity } from '@nestjs/swagger';

/** The refusals a hub route documents, by the status the exception filter answers them with. */
type RefusalStatus = 400 | 401 | 403 | 404 | 409 | 503;

/**
 * Documents a route's refusals in the OpenAPI contract: one response per status, each saying which
 * codes answer with it and when (`{ 403: 'SHARE_NOT_ALLOWED (SPEC §6)' }`). On a controller class,
 * every route of it. The named sets below are the refusals several routes share: use them.
 */
export function ApiRefusals(descriptions: Partial<Record<RefusalStatus, string>>) {
  return applyDecorators(
    ...Object.entries(descriptions).map(([status, description]) =>
      ApiResponse({ status: Number(status), description }),
    ),
  );
}

/** A route for signed-in users: the session cookie or a provider token, 401 without (the global guard). */
export function ApiSignedIn() {
  // In this order the document lists the token first, as it always has.
  return applyDecorators(
    ApiSecurity('token'),
    ApiCookieAuth(),
    ApiRefusals({ 401: 'Not signed in (UNAUTHENTICATED)' }),
  );
}

/** A route only administrators may call. */
export function ApiAdministratorsOnly() {
  return ApiRefusals({ 403: 'Not an administrator' });
}

/** A route on one job (`:id`): administrators only, or also the user who submitted it. */
export function ApiOneJob(allowed: 'administrators' | 'submitter or administrators') {
  return applyDecorators(
    allowed === 'administrators'
      ? ApiAdministratorsOnly()
      : ApiRefusals({ 403: 'Neither the submitter nor an administrator' }),
    ApiRefusals({ 404: 'No such job' }),
  );
}

/** A route on a folder (in the path or the body) the user must see. */
export function ApiFolderNotFound() {
  return ApiRefusals({ 404: 'No such folder, or not visible to the user (NOT_FOUND)' });
}

/** A route that changes a folder: the manage right on it (SPEC §6). */
export function ApiManagesFolder() {
  return applyDecorators(
    ApiFolderNotFound(),
    ApiRefusals({ 403: 'No manage right on the folder (FORBIDDEN)' }),
  );
}

/** Publishing or unpublishing a folder's contents: the share right on it (SPEC §4 "Folders", §6). */
export function ApiPublishesFolder() {
  return applyDecorators(
    ApiFolderNotFound(),
    ApiRefusals({ 403: 'FOLDER_PUBLISH_NOT_ALLOWED (SPEC §6 share on the folder)' }),
  );
}

/** A route on a set of assets (by id) the user must see. */
export function ApiAssetsNotFound() {
  return ApiRefusals({ 404: 'NOT_FOUND: an asset is not visible' });
}

/** A query validated field by field (the global ValidationPipe). */
export function ApiValidatedQuery() {
  return ApiRefusals({ 400: 'An unknown or invalid query field (VALIDATION_FAILED)' });
}

/** A route answered by the provider's content search (SPEC §7 findByProperties). */
export function ApiSearchesContents() {
  return applyDecorators(ApiValidatedQuery(), ApiRefusals({ 503: 'The provider search failed (E002)' }));
}

/** Publishing or unpublishing a registry record: the share right on its folder. */
export function ApiPublishesRecord() {
  return ApiRefusals({ 403: 'FORBIDDEN: no share right on the record’s folder' });
}

/** Revoking one of the user's external shares, or one of its recipients. */
export function ApiRevokesOwnShare() {
  return ApiRefusals({ 404: "SHARE_NOT_FOUND: unknown, another user's, or revoked already" });
}
