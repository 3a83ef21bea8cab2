import { HStack, Spinner, Text } from '@chakra-ui/react';
import type { PlateBoxesView } from '@paddock/rules';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../i18n/use-language';
import { formatDateTime } from '../assets/format';

/**
 * Where an image's boxes stand, in words: detecting, proposed by the detector, confirmed by whom
 * and when (with no box: nothing to blur), or not looked at yet; a detection that found nothing says so.
 */
export function PlateStateLine({ view, detecting }: { view: PlateBoxesView; detecting: boolean }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  if (detecting || view.state === 'detecting')
    return (
      <HStack gap="2" role="status">
        <Spinner size="xs" />
        <Text fontSize="sm">{t('plates.state.detecting')}</Text>
      </HStack>
    );
  const text =
    view.state === 'confirmed'
      ? t(view.boxes.length ? 'plates.state.confirmed' : 'plates.state.confirmedNone', {
          name: view.confirmedBy ?? '',
          date: formatDateTime(view.confirmedAt, language),
        })
      : view.state === 'proposed' && !view.boxes.length
        ? t('plates.state.proposedNone')
        : t(`plates.state.${view.state}`);
  return (
    <Text fontSize="sm" color="fg.muted" role="status">
      {text}
    </Text>
  );
}
