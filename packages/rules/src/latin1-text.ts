import { isLatin1 } from './validation';

/**
 * What Mac, iOS and Word type in place of plain punctuation, and its Latin-1 equivalent (SPEC §5
 * "only Latin-1 characters allowed"): a note or a name typed on those keyboards passes as the user
 * meant it instead of being refused for an apostrophe.
 */
const TYPOGRAPHIC_EQUIVALENTS: Record<string, string> = {
  '\u2018': "'", // ‘
  '\u2019': "'", // ’ (the apostrophe iOS and Word type)
  '\u201a': "'", // ‚
  '\u201b': "'", // ‛
  '\u2032': "'", // ′
  '\u201c': '"', // “
  '\u201d': '"', // ”
  '\u201e': '"', // „
  '\u201f': '"', // ‟
  '\u2033': '"', // ″
  '\u2039': '<', // ‹
  '\u203a': '>', // ›
  '\u2010': '-', // ‐
  '\u2011': '-', // non-breaking hyphen
  '\u2012': '-', // ‒
  '\u2013': '-', // – (en dash)
  '\u2014': '-', // — (em dash)
  '\u2015': '-', // ―
  '\u2212': '-', // − (minus sign)
  '\u2026': '...', // …
  '\u2022': '\u00b7', // • → ·
  '\u2002': ' ',
  '\u2003': ' ',
  '\u2004': ' ',
  '\u2005': ' ',
  '\u2006': ' ',
  '\u2007': '\u00a0', // figure space: does not break, as the non-breaking space
  '\u2008': ' ',
  '\u2009': ' ', // thin space
  '\u200a': ' ',
  '\u202f': '\u00a0', // narrow no-break space (macOS French before ; : ! ?)
  '\u2028': '\n',
  '\u2029': '\n',
  '\u200b': '', // zero-width characters carry nothing a reader sees
  '\u200c': '',
  '\u200d': '',
  '\u2060': '',
  '\ufeff': '',
  '\ufb01': 'fi',
  '\ufb02': 'fl',
};

// Alternatives, not a character class: the zero-width joiner would join its neighbours in one.
const TYPOGRAPHIC = new RegExp(Object.keys(TYPOGRAPHIC_EQUIVALENTS).join('|'), 'g');

export interface Latin1Text {
  /** The text with typographic punctuation replaced and accents composed (macOS writes é as e + ́). */
  text: string;
  /** Characters that still have no Latin-1 form, each once, in the order they first appear. */
  refused: string[];
}

/** The Latin-1 form of a text a person typed (SPEC §5), and what cannot have one. */
export function toLatin1(text: string): Latin1Text {
  const converted = text.normalize('NFC').replace(TYPOGRAPHIC, (c) => TYPOGRAPHIC_EQUIVALENTS[c]);
  const refused = [...new Set(Array.from(converted).filter((c) => !isLatin1(c)))];
  return { text: converted, refused };
}

/** Refused characters for a message: each as typed, an invisible one as U+XXXX. */
export function describeCharacters(characters: readonly string[]): string {
  return characters
    .map((c) =>
      /^[\p{L}\p{N}\p{P}\p{S}]+$/u.test(c)
        ? c
        : `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`,
    )
    .join(' ');
}
