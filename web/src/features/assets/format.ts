import {
  COPYRIGHT_DATE_KEYS,
  copyrightDateDisplay,
  formatBytes,
  formatDeletionDate,
  formatDimensions,
  formatNumber,
  INTL_LOCALES,
  type Language,
} from '@paddock/rules';

export { formatBytes, formatDimensions, formatNumber };

/**
 * How numbers, sizes, durations and metadata values read in each interface language; the names
 * themselves come from the hub in the language asked (@paddock/rules nameIn).
 */

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

/** mm:ss, or h:mm:ss from an hour up (the same in every language). */
export function formatDuration(ms: number): string {
  const total = Math.round(ms / 1000);
  const pad = (value: number) => String(value).padStart(2, '0');
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(seconds)}` : `${minutes}:${pad(seconds)}`;
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
 * keys of SPEC §3 in the language's form; any other value as stored. A copyright date that is not
 * yyyy-mm-dd or dd-mm-yyyy is '' (SPEC §5: not displayed).
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
      // A copyright date in another form is not displayed at all (SPEC §5): '' for it.
      if (COPYRIGHT_DATE_KEYS.includes(key)) return copyrightDateDisplay(value) ?? '';
      return ISO_DATE.test(value) ? formatDate(value) : value;
  }
}
