import type { TFunction } from 'i18next';
import { enumLabel } from '../../i18n/enum-labels';

/** A job's name as people read it; an unknown name (a newer release's job) as it is. */
export function jobNameLabel(t: TFunction, name: string): string {
  return enumLabel(t, 'jobName', name);
}
