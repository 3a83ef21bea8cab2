import { Button, HStack, Text } from '@chakra-ui/react';
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { DownloadButton } from '../downloads/download-button';

export interface SmartBarProps {
  /** The selected assets, in selection order. */
  selectedIds: ReadonlySet<string>;
  onClear(): void;
}

/** The bar of SPEC §2 that appears while several assets are selected. */
export function SmartBar({ selectedIds, onClear }: SmartBarProps) {
  const { t } = useTranslation();
  const count = selectedIds.size;
  if (count === 0) return null;
  return (
    <HStack
      role="region"
      aria-label={t('assets.selection.bar')}
      bg="brand.subtle"
      borderWidth="1px"
      borderColor="brand.muted"
      rounded="l2"
      px="4"
      py="2"
      justify="space-between"
    >
      <Text fontWeight="medium" aria-live="polite">
        {t('assets.selection.count', { count })}
      </Text>
      <HStack gap="2">
        <DownloadButton assetIds={[...selectedIds]} />
        <Button size="sm" variant="ghost" onClick={onClear}>
          <X />
          {t('assets.selection.clear')}
        </Button>
      </HStack>
    </HStack>
  );
}
