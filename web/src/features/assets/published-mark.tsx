import { Badge } from '@chakra-ui/react';
import { Radio } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** SPEC §4 "Folders": published with its folder, as every user looking at it sees. */
export function PublishedMark({ published, overlay = false }: { published: boolean; overlay?: boolean }) {
  const { t } = useTranslation();
  if (!published) return null;
  return (
    <Badge
      size="sm"
      variant={overlay ? 'solid' : 'subtle'}
      colorPalette="green"
      flexShrink={0}
      gap="1"
      shadow={overlay ? 'sm' : undefined}
      data-testid="published-mark"
    >
      <Radio size={10} aria-hidden />
      {t('assets.card.published')}
    </Badge>
  );
}
