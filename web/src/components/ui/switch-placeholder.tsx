import { chakra, useSlotRecipe } from '@chakra-ui/react';

interface SwitchPlaceholderProps {
  label: string;
  size?: 'xs' | 'sm' | 'md' | 'lg';
  colorPalette?: string;
}

/**
 * A switch's look, off and disabled, while its code (Ark's switch) loads after the first render
 * (issue 26): the same recipe's parts take the same room, so nothing moves when the switch comes.
 * It holds no control for assistive technology to find and lose; the switch brings its own.
 */
export function SwitchPlaceholder({ label, size, colorPalette }: SwitchPlaceholderProps) {
  const styles = useSlotRecipe({ key: 'switch' })({ size });
  return (
    <chakra.span css={styles.root} colorPalette={colorPalette} data-disabled="">
      <chakra.span css={styles.control} data-state="unchecked" data-disabled="" aria-hidden>
        <chakra.span css={styles.thumb} data-state="unchecked" data-disabled="" />
      </chakra.span>
      <chakra.span css={styles.label} data-disabled="">
        {label}
      </chakra.span>
    </chakra.span>
  );
}
