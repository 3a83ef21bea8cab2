import type { TFunction } from 'i18next';
import { isApiError } from '../../api/api-error';
import type en from '../../i18n/en.json';

type CodeWithText = keyof typeof en.error.codes;
/** SPEC §8's numbered codes: each names what failed, so its text stands alone (other codes' texts name a field). */
const SPEC_NUMBER = /^E\d{3}$/;

/** What a failure says: the text of its SPEC §8 code where the catalogue has one, else `fallback`. */
export function errorText(t: TFunction, error: unknown, fallback: string): string {
  const code = isApiError(error) ? error.code : undefined;
  // The catalogues load on demand, so i18next, not a bundled copy, says whether the code has a text.
  return code && SPEC_NUMBER.test(code)
    ? t(`error.codes.${code as CodeWithText}`, { defaultValue: fallback })
    : fallback;
}
