import { Box, Flex } from '@chakra-ui/react';
import type { AssetSummary, TileSize } from '@paddock/rules';
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { AreaLoader } from '../ui/area-loader';
import { AssetItem } from './asset-item';
import { ListHeaders, type ListingSort } from './list-headers';
import type { ClickModifiers } from './selection';
import { useFixedRows } from './use-fixed-rows';
import type { ViewMode } from './use-view-mode';

interface AssetBrowserProps {
  items: readonly AssetSummary[];
  viewMode: ViewMode;
  tileSize: TileSize;
  selectedIds: ReadonlySet<string>;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore(): void;
  onItemClick(id: string, modifiers: ClickModifiers): void;
  onToggle(id: string): void;
  onSelectAll(): void;
  /** `byDoubleClick`: the first click of it selected the asset, which the opening undoes. */
  onOpen(id: string, byDoubleClick: boolean): void;
  label: string;
  /** The next sort, filter or search is loading: the results shown are the previous ones, dimmed. */
  stale?: boolean;
  /** Room left below the last row, in pixels, so a bar lying over the grid's foot hides no asset. */
  endSpace?: number;
  /** The listing's sort, so the list view's column headers sort by the columns the listing sorts by. */
  sort?: ListingSort;
}

/**
 * Each tile size's pixels: a tile is at least `minWidth` wide (the grid fits as many columns as
 * the scroll box allows) and its thumbnail `thumbnail` high. A row is the thumbnail + a two-line
 * name 35 + date 16 + gaps, padding, border and margin 47: the whole card fits its row. "medium",
 * the default, gives two whole rows at 1280×720 and three at 1440×900 (issue 23).
 */
export const TILE_PIXELS: Record<TileSize, { minWidth: number; thumbnail: number; height: number }> = {
  small: { minWidth: 112, thumbnail: 72, height: 72 + 98 },
  medium: { minWidth: 140, thumbnail: 96, height: 96 + 98 },
  large: { minWidth: 184, thumbnail: 144, height: 144 + 98 },
};
const ROW_HEIGHT = 56;

/** Follows the scroll box's width, so the grid has as many columns as fit. */
function useWidth(element: HTMLElement | null): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    if (!element) return;
    setWidth(element.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return width;
}

/**
 * The grid or list of a listing. Only the rows on screen are in the page (virtualised), so tens of
 * thousands of assets scroll smoothly; reaching the last loaded row asks for the next page.
 */
export function AssetBrowser(props: AssetBrowserProps) {
  const { items, viewMode, hasMore, loadingMore, onLoadMore } = props;
  const tile = TILE_PIXELS[props.tileSize];
  const [scrollBox, setScrollBox] = useState<HTMLDivElement | null>(null);
  const width = useWidth(scrollBox);
  const columns = viewMode === 'grid' ? Math.max(1, Math.floor(width / tile.minWidth)) : 1;
  const rowCount = Math.ceil(items.length / columns);
  const focusedIndex = useRef(0);
  const onFocusIndex = useCallback((index: number) => (focusedIndex.current = index), []);

  const rowHeight = viewMode === 'grid' ? tile.height : ROW_HEIGHT;
  const { rows, totalHeight, scrollToRow } = useFixedRows(scrollBox, {
    count: rowCount,
    rowHeight,
    overscan: 4,
    endSpace: props.endSpace ?? 0,
  });
  const lastRow = rows[rows.length - 1]?.index ?? -1;

  useEffect(() => {
    if (hasMore && !loadingMore && rowCount > 0 && lastRow >= rowCount - 1) onLoadMore();
  }, [hasMore, loadingMore, lastRow, rowCount, onLoadMore]);

  const focusItem = (index: number) => {
    const clamped = Math.min(Math.max(index, 0), items.length - 1);
    focusedIndex.current = clamped;
    scrollToRow(Math.floor(clamped / columns));
    requestAnimationFrame(() =>
      scrollBox?.querySelector<HTMLElement>(`[data-index-item="${clamped}"]`)?.focus(),
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'a') {
      event.preventDefault();
      props.onSelectAll();
      return;
    }
    const step: Record<string, number> = {
      ArrowRight: 1,
      ArrowLeft: -1,
      ArrowDown: columns,
      ArrowUp: -columns,
    };
    const delta = step[event.key];
    if (delta !== undefined && items.length > 0) {
      event.preventDefault();
      focusItem(focusedIndex.current + delta);
    }
  };

  return (
    // On a desktop the scroll box takes the height the page leaves it: the grid is the one scroll area.
    <Box position="relative" display="flex" flexDirection="column" flex="1" minH="0">
      {viewMode === 'list' ? <ListHeaders sort={props.sort} /> : null}
      <Box
        ref={setScrollBox}
        role="listbox"
        aria-label={props.label}
        aria-multiselectable
        aria-busy={props.stale || undefined}
        onKeyDown={onKeyDown}
        opacity={props.stale ? 0.55 : 1}
        transition="opacity 0.2s"
        h={{ base: '60vh', lg: 'auto' }}
        flex={{ lg: '1' }}
        minH={{ base: '80', lg: `${tile.height}px` }}
        overflowY="auto"
        data-testid="asset-scroll"
      >
        <Box position="relative" w="full" style={{ height: totalHeight }}>
          {rows.map((row) => (
            <Flex
              key={row.index}
              position="absolute"
              top="0"
              left="0"
              w="full"
              gap={viewMode === 'grid' ? '3' : '0'}
              px={viewMode === 'grid' ? '2' : '0'}
              style={{ height: rowHeight, transform: `translateY(${row.start}px)` }}
            >
              {items.slice(row.index * columns, row.index * columns + columns).map((asset, offset) => (
                <AssetItem
                  key={asset.id}
                  asset={asset}
                  index={row.index * columns + offset}
                  viewMode={viewMode}
                  thumbnailHeight={tile.thumbnail}
                  columns={columns}
                  selected={props.selectedIds.has(asset.id)}
                  onFocusIndex={onFocusIndex}
                  onClick={props.onItemClick}
                  onToggle={props.onToggle}
                  onOpen={props.onOpen}
                />
              ))}
            </Flex>
          ))}
        </Box>
      </Box>
      {loadingMore ? (
        <Box position="absolute" insetX="0" bottom="0" h="20">
          <AreaLoader area="loadingMore" />
        </Box>
      ) : null}
    </Box>
  );
}
