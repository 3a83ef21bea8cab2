import { Menu, Portal } from '@chakra-ui/react';
import type { OnDemandMenuProps } from '../ui/on-demand-menu';
import type { FolderMenuAction } from './folder-menu';

/** The folder menu's list, fetched on demand (see FolderMenu): each entry runs its `onSelect`. */
export function FolderActionsMenu({
  trigger,
  actions,
}: OnDemandMenuProps & { actions: readonly FolderMenuAction[] }) {
  return (
    <Menu.Root onSelect={({ value }) => actions.find((a) => a.value === value)?.onSelect()}>
      <Menu.Trigger asChild>{trigger}</Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            {actions.map((action) => (
              <Menu.Item key={action.value} value={action.value}>
                {action.label}
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
