import { chakra } from '@chakra-ui/react';
import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** The hover checkbox of a card: shown on hover or focus, and always, with its checkmark, when selected. */
export function SelectBox({
  name,
  selected,
  onToggle,
}: {
  name: string;
  selected: boolean;
  onToggle(): void;
}) {
  const { t } = useTranslation();
  return (
    <chakra.span
      role="checkbox"
      aria-checked={selected}
      aria-label={t('assets.card.select', { name })}
      display="inline-flex"
      alignItems="center"
      justifyContent="center"
      boxSize="6"
      flexShrink={0}
      rounded="full"
      borderWidth="2px"
      borderColor={selected ? 'brand.solid' : 'white'}
      bg={selected ? 'brand.solid' : 'blackAlpha.500'}
      color="white"
      shadow="sm"
      opacity={selected ? 1 : 0}
      _groupHover={{ opacity: 1 }}
      _groupFocusVisible={{ opacity: 1 }}
      transition="opacity 0.15s"
      onClick={(event) => {
        event.stopPropagation();
        onToggle();
      }}
      onDoubleClick={(event) => event.stopPropagation()}
    >
      {selected ? <Check size={14} strokeWidth={3} /> : null}
    </chakra.span>
  );
}
