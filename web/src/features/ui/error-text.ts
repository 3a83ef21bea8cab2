import type { TFunction } from 'i18next';
import { isApiError } from '../../api/api-error';
import en from '../../i18n/en.json';

type CodeWithText = keyof typeof en.error.codes;
const CODES_WITH_TEXT: ReadonlySet<string> = new Set(Object.keys(en.error.codes));
/** SPEC §8's numbered codes: each names what failed, so its text stands alone (other codes' texts name a field). */
const SPEC_NUMBER = /^E\d{3}$/;

function hasText(code: string): code is CodeWithText {
  return SPEC_NUMBER.test(code) && CODES_WITH_TEXT.has(code);
}

/** What a failure says: the text of its SPEC §8 code where the catalogue has one, else `fallback`. */
export function errorText(t: TFunction, error: unknown, fallback: string): string {
  const code = isApiError(error) ? error.code : undefined;
  return code && hasText(code) ? t(`error.codes.${code}`) : fallback;
}
