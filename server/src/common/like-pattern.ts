// LIKE/ILIKE patterns for the searches of the directory and the audit: what the user typed, matched literally.

/** A LIKE/ILIKE pattern that matches `text` anywhere, with `\`, `%` and `_` taken literally (ESCAPE '\'). */
export function containsPattern(text: string): string {
  return `%${escapeLike(text)}%`;
}

export function prefixPattern(text: string): string {
  return `${escapeLike(text)}%`;
}

export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
