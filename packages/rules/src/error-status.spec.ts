import { ASSET_ERROR_CODES } from './assets';
import { ENRICHMENT_ERROR_CODES } from './enrichment';
import { HTTP_STATUS_OF_CODE, LOAD_E_CODES } from './error-status';
import { ERROR_CODES, E_CODES, type ErrorCode } from './errors';
import { FOLDER_ERROR_CODES } from './folders';
import { INTERNAL_SHARE_ERROR_CODES } from './internal-share';
import { LEGAL_HOLD_ERROR_CODES } from './legal-hold';
import { PLATE_ERROR_CODES } from './plates';
import { RIGHTS_NOTICE_ERROR_CODES } from './rights-notices';
import { SAVED_SEARCH_ERROR_CODES } from './saved-searches';
import { SHARE_ERROR_CODES } from './sharing';
import { WORKFLOW_ERROR_CODES } from './workflow';

const ALL_CODES = [
  ...Object.values(ERROR_CODES),
  ...Object.values(ASSET_ERROR_CODES),
  ...Object.values(WORKFLOW_ERROR_CODES),
  ...Object.values(SHARE_ERROR_CODES),
  ...Object.values(ENRICHMENT_ERROR_CODES),
  ...Object.values(INTERNAL_SHARE_ERROR_CODES),
  ...Object.values(FOLDER_ERROR_CODES),
  ...Object.values(LEGAL_HOLD_ERROR_CODES),
  ...Object.values(RIGHTS_NOTICE_ERROR_CODES),
  ...Object.values(SAVED_SEARCH_ERROR_CODES),
  ...Object.values(PLATE_ERROR_CODES),
  ...Object.values(E_CODES),
];

describe('HTTP_STATUS_OF_CODE', () => {
  // Type tests: `tsc -b packages/rules` checks this file (tsconfig.spec.json).
  it('is exhaustive to the compiler: a table without a code does not compile', () => {
    // @ts-expect-error INTERNAL alone is not every code
    const partial: typeof HTTP_STATUS_OF_CODE = { [ERROR_CODES.INTERNAL]: 500 };
    // The list above is every code: a code group left out of it would leave this `false`.
    const listsEveryCode: [Exclude<ErrorCode, (typeof ALL_CODES)[number]>] extends [never] ? true : false =
      true;
    expect([Object.keys(partial), listsEveryCode]).toEqual([[ERROR_CODES.INTERNAL], true]);
  });

  it('gives every code one status, and nothing but the codes', () => {
    const statuses = new Set([400, 401, 403, 404, 409, 413, 429, 500, 502, 503]);
    for (const code of ALL_CODES)
      expect([code, statuses.has(HTTP_STATUS_OF_CODE[code])]).toEqual([code, true]);
    expect(Object.keys(HTTP_STATUS_OF_CODE).sort()).toEqual([...new Set(ALL_CODES)].sort());
  });

  it('answers an outside system that failed after the hub did its part 502, not 500', () => {
    expect(HTTP_STATUS_OF_CODE[SHARE_ERROR_CODES.MAIL_FAILED]).toBe(502);
    expect(HTTP_STATUS_OF_CODE[INTERNAL_SHARE_ERROR_CODES.PUBLISH_FAILED]).toBe(502);
    expect(HTTP_STATUS_OF_CODE[INTERNAL_SHARE_ERROR_CODES.UNPUBLISH_FAILED]).toBe(502);
  });

  it('settles the codes that answered two statuses (issue 24)', () => {
    // A refusal of SPEC §6 wherever it is thrown, a department without the folder included.
    expect(HTTP_STATUS_OF_CODE[WORKFLOW_ERROR_CODES.ACTION_NOT_ALLOWED]).toBe(403);
    // A link the provider refused, like every E-code of an operation, also when a delivery enters step 1.
    expect(HTTP_STATUS_OF_CODE[E_CODES.ACCEPT_LINK_FAILED]).toBe(409);
  });

  it('keeps the load E-codes of SPEC §8 as "try later", every other E-code a refusal', () => {
    expect([...LOAD_E_CODES].sort()).toEqual([
      'E002',
      'E005',
      'E006',
      'E007',
      'E008',
      'E009',
      'E014',
      'E015',
      'E018',
      'E026',
      'E027',
      'E028',
      'E059',
    ]);
    for (const code of Object.values(E_CODES))
      expect([code, HTTP_STATUS_OF_CODE[code]]).toEqual([code, LOAD_E_CODES.has(code) ? 503 : 409]);
  });
});
