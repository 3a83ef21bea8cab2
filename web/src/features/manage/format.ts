import type { TFunction } from 'i18next';

/** A date and time in the reader's language; '' for none. */
export function formatDateTime(iso: string | null, language: string): string {
  if (!iso) return '';
  return new Intl.DateTimeFormat(language, { dateStyle: 'short', timeStyle: 'medium' }).format(new Date(iso));
}

/** A job's name as people read it; an unknown name (a newer release's job) as it is. */
export function jobNameLabel(t: TFunction, name: string): string {
  return t(`manage.jobNames.${name}`, { defaultValue: name });
}
