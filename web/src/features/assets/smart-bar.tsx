import { Button, HStack, Text } from '@chakra-ui/react';
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** The bar of SPEC §2 that appears while several assets are selected. */
export function SmartBar({ count, onClear }: { count: number; onClear(): void }) {
  const { t } = useTranslation();
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
      <Button size="sm" variant="ghost" onClick={onClear}>
        <X />
        {t('assets.selection.clear')}
      </Button>
    </HStack>
  );
}
