import { Badge } from '@chakra-ui/react';
import { Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** SPEC §4 derived flags: an embargoed asset or one whose copyright expired may not be shared. */
export function RestrictedMark({ restricted, overlay = false }: { restricted: boolean; overlay?: boolean }) {
  const { t } = useTranslation();
  if (!restricted) return null;
  return (
    <Badge
      size="sm"
      variant={overlay ? 'solid' : 'subtle'}
      colorPalette="yellow"
      flexShrink={0}
      gap="1"
      shadow={overlay ? 'sm' : undefined}
      title={t('assets.card.restrictedHint')}
    >
      <Lock size={10} aria-hidden />
      {t('assets.card.restricted')}
    </Badge>
  );
}
