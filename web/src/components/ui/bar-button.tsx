import { Button, IconButton, type ButtonProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface BarButtonProps extends Omit<ButtonProps, 'children'> {
  icon: ReactNode;
  /** Its text, or its name alone when `iconOnly`. */
  label: string;
  /** Shown after the label (a menu's chevron); dropped with it. */
  endIcon?: ReactNode;
  /**
   * Only the icon, for a bar too narrow for its labels: the label stays its accessible name and
   * shows on hover, as with the other icon buttons of the toolbars.
   */
  iconOnly?: boolean;
}

/** A bar's button: icon and label, or the icon alone when the bar says its labels do not fit. */
export function BarButton({ icon, label, endIcon, iconOnly = false, title, ...rest }: BarButtonProps) {
  if (iconOnly)
    return (
      <IconButton size="sm" flex="none" aria-label={label} title={title ?? label} {...rest}>
        {icon}
      </IconButton>
    );
  return (
    <Button size="sm" flex="none" title={title} {...rest}>
      {icon}
      {label}
      {endIcon}
    </Button>
  );
}
