import { Menu, Popover, Portal, Stack } from '@chakra-ui/react';
import { isTileSize, TILE_SIZES, type TileSize } from '@paddock/rules';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { OnDemandMenuProps } from '../ui/on-demand-menu';

/** The filters' popover, fetched on demand (see FiltersButton in listing-controls). */
export function FiltersPopover({ trigger, children }: OnDemandMenuProps & { children: ReactNode }) {
  return (
    <Popover.Root positioning={{ placement: 'bottom-start' }}>
      <Popover.Trigger asChild>{trigger}</Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content w="auto">
            <Popover.Body>
              <Stack gap="2">{children}</Stack>
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}

/** The tile sizes' menu, fetched on demand (see TileSizeMenu in listing-controls). */
export function TileSizeList({
  trigger,
  label,
  tileSize,
  onTileSize,
}: OnDemandMenuProps & { label: string; tileSize: TileSize; onTileSize(size: TileSize): void }) {
  const { t } = useTranslation();
  return (
    <Menu.Root>
      <Menu.Trigger asChild>{trigger}</Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            <Menu.RadioItemGroup
              value={tileSize}
              onValueChange={({ value }) => {
                if (isTileSize(value)) onTileSize(value);
              }}
            >
              <Menu.ItemGroupLabel>{label}</Menu.ItemGroupLabel>
              {TILE_SIZES.map((size) => (
                <Menu.RadioItem key={size} value={size}>
                  {t(`assets.tileSize.${size}`)}
                  <Menu.ItemIndicator />
                </Menu.RadioItem>
              ))}
            </Menu.RadioItemGroup>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
