import type { LegalHoldView } from '@paddock/rules';
import type { TFunction } from 'i18next';

/** What a hold keeps, by name: the asset's or folder's as the reader sees it, a department's, else "not visible". */
export function holdTargetName(t: TFunction, hold: LegalHoldView): string {
  if (hold.targetName) return hold.targetName;
  return hold.scope === 'department' ? hold.targetId.toUpperCase() : t('legalHold.notVisible');
}
