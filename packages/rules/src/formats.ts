import type { Language } from './limits';

/**
 * How numbers and sizes read in each language, for the portal and the recipient page alike (one
 * table, so a French reader sees "Ko" in both).
 */

/** The Intl locale of a language (British English: the product's dates are day first). */
export const INTL_LOCALES: Record<Language, string> = { it: 'it-IT', en: 'en-GB', fr: 'fr-FR' };

/** A whole or decimal number in the language's own form ("1.234,5" in Italian). */
export function formatNumber(value: number, language: Language, fractionDigits = 0): string {
  return new Intl.NumberFormat(INTL_LOCALES[language], {
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  }).format(value);
}

/** Byte units as each language writes them: French counts octets (o, Ko, Mo). */
const UNITS: Record<Language, readonly string[]> = {
  it: ['B', 'KB', 'MB', 'GB', 'TB'],
  en: ['B', 'KB', 'MB', 'GB', 'TB'],
  fr: ['o', 'Ko', 'Mo', 'Go', 'To'],
};

/** A byte count for people: 1 decimal above a kilobyte, in the language's form ("1,3 MB"). */
export function formatBytes(bytes: number, language: Language): string {
  const units = UNITS[language];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${formatNumber(value, language, unit === 0 ? 0 : 1)} ${units[unit]}`;
}

/** Pixel dimensions as "1080 × 1350" (no thousands separator: they are read as a pair of sizes). */
export function formatDimensions(width: number, height: number): string {
  return `${width} × ${height}`;
}
