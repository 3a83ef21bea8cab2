import { Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { CardMark } from './card-mark';

/** SPEC §4 derived flags: an embargoed asset or one whose copyright expired may not be shared. */
export function RestrictedMark({ restricted, overlay = false }: { restricted: boolean; overlay?: boolean }) {
  const { t } = useTranslation();
  if (!restricted) return null;
  return (
    <CardMark icon={Lock} palette="yellow" overlay={overlay} title={t('assets.card.restrictedHint')}>
      {t('assets.card.restricted')}
    </CardMark>
  );
}
