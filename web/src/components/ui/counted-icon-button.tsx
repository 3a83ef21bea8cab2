import { Circle, Float, IconButton, type IconButtonProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface CountedIconButtonProps extends Omit<IconButtonProps, 'aria-label' | 'children'> {
  /** How many of what the button opens are in use; 0 shows no badge. */
  count: number;
  /** Its name, also shown on hover (the count is part of it: the badge is hidden from assistive technology). */
  label: string;
  icon: ReactNode;
}

/** A toolbar icon button with a small count badge, for filters that are active. */
export function CountedIconButton({ count, label, icon, ...rest }: CountedIconButtonProps) {
  return (
    <IconButton
      size="sm"
      variant={count ? 'subtle' : 'outline'}
      aria-label={label}
      title={label}
      flex="none"
      position="relative"
      {...rest}
    >
      {icon}
      {count ? (
        <Float placement="top-end" offset="1">
          <Circle size="4" bg="brand.solid" color="brand.contrast" fontSize="2xs" aria-hidden>
            {count}
          </Circle>
        </Float>
      ) : null}
    </IconButton>
  );
}
