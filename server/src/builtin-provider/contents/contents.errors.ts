import type { ThronFailure } from '../thron.errors';

/** Refusals of the content endpoints (MEContent / MEPublish values of research §3.2, §3.7). */
export const CONTENT_FAILURES = {
  contentNotExists: {
    status: 418,
    resultCode: 'CONTENT_NOT_EXISTS',
    errorDescription: 'CONTENT_NOT_EXISTS',
    ssoCode: 'OK',
  },
  categoryNotExists: {
    status: 418,
    resultCode: 'CATEGORY_IN_LIST_NOT_EXISTS',
    errorDescription: 'CATEGORY_IN_LIST_NOT_EXISTS',
    ssoCode: 'OK',
  },
  accessDenied: {
    status: 418,
    resultCode: 'ACCESS_DENIED',
    errorDescription: 'ACCESS_DENIED',
    ssoCode: 'OK',
  },
  /** SPEC §5 "Upload is denied in the suppliers folder". */
  suppliersFolder: {
    status: 418,
    resultCode: 'ACCESS_DENIED',
    errorDescription: 'UPLOAD_DENIED_SUPPLIERS',
    ssoCode: 'OK',
  },
  localeExists: {
    status: 418,
    resultCode: 'LOCALE_ALREADY_EXISTS',
    errorDescription: 'LOCALE_ALREADY_EXISTS',
    ssoCode: 'OK',
  },
  localeNotExists: {
    status: 418,
    resultCode: 'LOCALE_NOT_EXISTS',
    errorDescription: 'LOCALE_NOT_EXISTS',
    ssoCode: 'OK',
  },
  fileNotFound: {
    status: 418,
    resultCode: 'FILE_NOT_FOUND',
    errorDescription: 'FILE_NOT_FOUND',
    ssoCode: 'OK',
  },
  updateClash: { status: 418, resultCode: 'UPDATE_CLASH', errorDescription: 'UPDATE_CLASH', ssoCode: 'OK' },
  derivativeNotExists: {
    status: 404,
    resultCode: 'DERIVATIVE_NOT_EXISTS',
    errorDescription: 'DERIVATIVE_NOT_EXISTS',
    ssoCode: 'OK',
  },
  /** BLOB_STORE=disk: files go through the direct upload endpoint instead of S3. */
  noS3Bucket: {
    status: 418,
    resultCode: 'EXCEPTION',
    errorDescription:
      'NO_S3_BUCKET: this built-in provider stores files on disk; use PUT xpackager/resources/upload/{clientId}',
    ssoCode: 'OK',
  },
  rangeNotSatisfiable: {
    status: 416,
    resultCode: 'EXCEPTION',
    errorDescription: 'RANGE_NOT_SATISFIABLE',
    ssoCode: 'OK',
  },
} as const satisfies Record<string, ThronFailure>;

/** The bucket name of the disk store, so content/insert's `sources.s3` reads as in THRON. */
export const LOCAL_BUCKET = 'local';
