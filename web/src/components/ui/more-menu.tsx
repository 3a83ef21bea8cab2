import { Menu, Portal } from '@chakra-ui/react';
import { ChevronDown, Ellipsis, type LucideIcon } from 'lucide-react';
import { BarButton } from './bar-button';

/** One of a bar's rarer actions, kept in its "More" menu. */
export interface MoreMenuItem {
  value: string;
  label: string;
  icon: LucideIcon;
  disabled?: boolean;
  onSelect(): void;
}

interface MoreMenuProps {
  /** The trigger's text ("More", translated). */
  label: string;
  items: readonly MoreMenuItem[];
  /** The trigger without its text (a bar too narrow for labels); "More" stays its name. */
  iconOnly?: boolean;
}

/**
 * A bar's "More" button and menu (keyboard: Enter or ArrowDown opens it, arrows move, Enter picks,
 * Escape closes). An item opens its dialog through `onSelect`: render the dialog outside the menu,
 * which closes on the pick.
 */
export function MoreMenu({ label, items, iconOnly }: MoreMenuProps) {
  if (!items.length) return null;
  return (
    <Menu.Root onSelect={({ value }) => items.find((item) => item.value === value)?.onSelect()}>
      <Menu.Trigger asChild>
        <BarButton
          variant="outline"
          icon={<Ellipsis />}
          label={label}
          endIcon={<ChevronDown />}
          iconOnly={iconOnly}
        />
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            {items.map(({ value, label: itemLabel, icon: Icon, disabled }) => (
              <Menu.Item key={value} value={value} disabled={disabled}>
                <Icon />
                {itemLabel}
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
