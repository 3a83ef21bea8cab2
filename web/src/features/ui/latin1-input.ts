import { describeCharacters, toLatin1 } from '@paddock/rules';

/**
 * What a person typed, ready to send (SPEC §5): typographic punctuation in its Latin-1 form, trimmed,
 * and the characters that still have none, described for the message ("☃ 🚗"), or null.
 */
export function latin1Input(typed: string): { text: string; refused: string | null } {
  const { text, refused } = toLatin1(typed);
  return { text: text.trim(), refused: refused.length ? describeCharacters(refused) : null };
}
