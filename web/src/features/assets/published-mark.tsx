import { Radio } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { CardMark } from './card-mark';

/** SPEC §4 "Folders": published with its folder, as every user looking at it sees. */
export function PublishedMark({ published, overlay = false }: { published: boolean; overlay?: boolean }) {
  const { t } = useTranslation();
  if (!published) return null;
  return (
    <CardMark icon={Radio} palette="green" overlay={overlay} testId="published-mark">
      {t('assets.card.published')}
    </CardMark>
  );
}
