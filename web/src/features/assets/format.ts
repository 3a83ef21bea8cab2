import { formatDeletionDate, type Language } from '@paddock/rules';

/**
 * How numbers, sizes, durations and metadata values read in each interface language; the names
 * themselves come from the hub in the language asked (@paddock/rules nameIn).
 */

/** The Intl locale of an interface language (British English: the product's dates are day first). */
const INTL_LOCALES: Record<Language, string> = { it: 'it-IT', en: 'en-GB', fr: 'fr-FR' };

/** Dates in the product's dd/MM/yyyy form (SPEC's date display), whatever the interface language. */
export function formatDate(iso: string | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;
}

/**
 * A date and time as dd/MM/yyyy and the 24-hour clock in every language (SPEC's date display), with
 * the language's own separators; '' for none.
 */
export function formatDateTime(iso: string | null | undefined, language: Language): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(INTL_LOCALES[language], {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(date);
}

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
  let value = bytes;
  let unit = 0;
  const units = UNITS[language];
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${formatNumber(value, language, unit === 0 ? 0 : 1)} ${units[unit]}`;
}

/** mm:ss, or h:mm:ss from an hour up (the same in every language). */
export function formatDuration(ms: number): string {
  const total = Math.round(ms / 1000);
  const pad = (value: number) => String(value).padStart(2, '0');
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(seconds)}` : `${minutes}:${pad(seconds)}`;
}

/** Pixel dimensions as "1080 × 1350" (no thousands separator: they are read as a pair of sizes). */
export function formatDimensions(width: number, height: number): string {
  return `${width} × ${height}`;
}

/** "name.ext", unless the name already ends with its extension. */
export function displayName(name: string, extension: string): string {
  if (!extension) return name;
  return name.toLowerCase().endsWith(`.${extension.toLowerCase()}`) ? name : `${name}.${extension}`;
}

const NUMBER = /^-?\d+(\.\d+)?$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * A metadata value as people read it: sizes, durations, resolutions, dpi and dates of the metadata
 * keys of SPEC §3 in the language's form; any other value as stored.
 */
export function formatMetadataValue(key: string, value: string, language: Language): string {
  const numeric = NUMBER.test(value) ? Number(value) : null;
  switch (key) {
    case 'size':
      return numeric === null ? value : formatBytes(numeric, language);
    case 'duration':
      return numeric === null ? value : formatDuration(numeric);
    case 'dpi':
      return numeric === null ? value : `${formatNumber(numeric, language)} dpi`;
    case 'resolution': {
      const pair = /^(\d+)\s*[x×]\s*(\d+)$/i.exec(value);
      return pair ? formatDimensions(Number(pair[1]), Number(pair[2])) : value;
    }
    case 'dataeliminazione':
      return numeric === null ? value : formatDeletionDate(numeric);
    default:
      return ISO_DATE.test(value) ? formatDate(value) : value;
  }
}
