import { LIMITS } from './limits';

/**
 * SPEC §5 "Text validity: only Latin-1 characters allowed": every character in U+0000–U+00FF,
 * without the C0/C1 control characters (a name or a search never holds them). Server and web
 * check the same rule.
 */
export function isLatin1(text: string): boolean {
  return /^[\u0020-\u007e\u00a0-\u00ff\t\n\r]*$/.test(text);
}

/** A folder or asset name, wherever it comes from (a form, a provider call, an upload's file name). */
export function isValidName(text: string): boolean {
  return text.length <= LIMITS.nameMaxLength && isLatin1(text);
}

/** PostgreSQL refuses 0x00 in text: no input that holds one goes further than the boundary. */
export function hasNulByte(text: string): boolean {
  return text.includes('\u0000');
}
