import { Badge, Box, chakra, Flex, HStack, Image, Spinner, Text } from '@chakra-ui/react';
import {
  ASSET_ERROR_CODES,
  PROCESSING_STATE,
  UNREADABLE_STATE,
  type TileSize,
  type AssetSortField,
  type AssetSummary,
  type AssetWorkflowState,
  type SortOrder,
} from '@paddock/rules';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { Check, FileWarning, Lock, Radio } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { AreaLoader } from '../ui/area-loader';
import { displayName, formatDate } from './format';
import type { ClickModifiers } from './selection';
import { durationText, TypeBadge } from './type-badge';
import { enumLabel } from '../../i18n/enum-labels';

export type ViewMode = 'grid' | 'list';

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
  sort?: { field: AssetSortField; order: SortOrder; onSort(field: AssetSortField): void };
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

  const virtualizer = useVirtualizer({
    count: rowCount,
    getScrollElement: () => scrollBox,
    estimateSize: () => (viewMode === 'grid' ? tile.height : ROW_HEIGHT),
    overscan: 4,
    paddingEnd: props.endSpace ?? 0,
    scrollPaddingEnd: props.endSpace ?? 0,
  });
  // Another tile size or view: rows of another height (the virtualiser keeps sizes it measured).
  useEffect(() => virtualizer.measure(), [virtualizer, tile, viewMode]);
  const rows = virtualizer.getVirtualItems();
  const lastRow = rows[rows.length - 1]?.index ?? -1;

  useEffect(() => {
    if (hasMore && !loadingMore && rowCount > 0 && lastRow >= rowCount - 1) onLoadMore();
  }, [hasMore, loadingMore, lastRow, rowCount, onLoadMore]);

  const focusItem = (index: number) => {
    const clamped = Math.min(Math.max(index, 0), items.length - 1);
    focusedIndex.current = clamped;
    virtualizer.scrollToIndex(Math.floor(clamped / columns));
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
        <Box position="relative" w="full" style={{ height: virtualizer.getTotalSize() }}>
          {rows.map((row) => (
            <Flex
              key={row.key}
              position="absolute"
              top="0"
              left="0"
              w="full"
              gap={viewMode === 'grid' ? '3' : '0'}
              px={viewMode === 'grid' ? '2' : '0'}
              style={{ height: row.size, transform: `translateY(${row.start}px)` }}
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

/** The list view's columns: widths shared by the headers and the rows. */
const LIST_COLUMNS = {
  thumbnail: { w: '20', flexShrink: 0 },
  name: { flex: '3', minW: '0' },
  state: { flex: '1', minW: '0' },
  type: { flex: '1', minW: '0' },
  date: { flex: '1', minW: '0' },
  owner: { flex: '1', minW: '0' },
} as const;

/** Column headers sortable where the listing sorts: name and creation date (SPEC §3). */
const SORTABLE_COLUMNS: Partial<Record<keyof typeof LIST_COLUMNS, AssetSortField>> = {
  name: 'name',
  date: 'creationDate',
};

function ListHeaders({ sort }: { sort: AssetBrowserProps['sort'] }) {
  const { t } = useTranslation();
  const titles = {
    name: t('assets.sort.fields.name'),
    state: t('assets.columns.state'),
    type: t('assetDetail.info.type'),
    date: t('assets.sort.fields.creationDate'),
    owner: t('assetDetail.info.owner'),
  };
  return (
    <Flex
      role="group"
      aria-label={t('assets.columns.label')}
      align="center"
      gap="4"
      px="3"
      py="1"
      borderBottomWidth="1px"
      fontSize="sm"
      fontWeight="semibold"
      color="fg.muted"
      data-testid="list-headers"
    >
      <Box {...LIST_COLUMNS.thumbnail} />
      {(Object.keys(titles) as (keyof typeof titles)[]).map((column) => {
        const field = SORTABLE_COLUMNS[column];
        const current = sort && field === sort.field ? sort.order : undefined;
        return (
          <Box key={column} {...LIST_COLUMNS[column]}>
            {sort && field ? (
              <chakra.button
                type="button"
                display="inline-flex"
                alignItems="center"
                gap="1"
                fontWeight="inherit"
                color={current ? 'fg' : undefined}
                aria-label={t('assets.columns.sortBy', {
                  column: titles[column],
                  order: t(`assets.sort.orders.${current === 'asc' ? 'desc' : 'asc'}`),
                })}
                aria-pressed={current !== undefined}
                onClick={() => sort.onSort(field)}
              >
                {titles[column]}
                {current === 'asc' ? (
                  <ArrowUp size={14} />
                ) : current === 'desc' ? (
                  <ArrowDown size={14} />
                ) : null}
              </chakra.button>
            ) : (
              <Text as="span">{titles[column]}</Text>
            )}
          </Box>
        );
      })}
    </Flex>
  );
}

interface AssetItemProps {
  asset: AssetSummary;
  index: number;
  viewMode: ViewMode;
  /** The grid tiles' thumbnail height, in pixels. */
  thumbnailHeight: number;
  columns: number;
  selected: boolean;
  onFocusIndex(index: number): void;
  onClick(id: string, modifiers: ClickModifiers): void;
  onToggle(id: string): void;
  onOpen(id: string, byDoubleClick: boolean): void;
}

/** The chip of SPEC §4's states on a card or row: where the asset stands in the workflow. */
const STATE_PALETTE: Record<AssetWorkflowState['kind'], string> = {
  waiting: 'orange',
  accepted: 'green',
  rejected: 'red',
  junk: 'gray',
};

export function StateChip({
  state,
  overlay = false,
}: {
  state: AssetWorkflowState | null;
  overlay?: boolean;
}) {
  const { t } = useTranslation();
  if (!state) return null;
  return (
    <Badge
      size="sm"
      variant={overlay ? 'solid' : 'subtle'}
      colorPalette={STATE_PALETTE[state.kind]}
      flexShrink={0}
      shadow={overlay ? 'sm' : undefined}
      data-testid="state-chip"
    >
      {state.kind === 'waiting'
        ? t('assets.card.state.waiting', { step: state.step })
        : t(`assets.card.state.${state.kind}`)}
    </Badge>
  );
}

/** SPEC §4 derived flags: an embargoed asset or one whose copyright expired may not be shared. */
function RestrictedMark({ restricted, overlay = false }: { restricted: boolean; overlay?: boolean }) {
  const { t } = useTranslation();
  if (!restricted) return null;
  return (
    <Badge
      size="sm"
      variant={overlay ? 'solid' : 'subtle'}
      colorPalette="yellow"
      flexShrink={0}
      gap="1"
      shadow={overlay ? 'sm' : undefined}
      title={t('assets.card.restrictedHint')}
    >
      <Lock size={10} aria-hidden />
      {t('assets.card.restricted')}
    </Badge>
  );
}

/** SPEC §4 "Folders": published with its folder, as every user looking at it sees. */
export function PublishedMark({ published, overlay = false }: { published: boolean; overlay?: boolean }) {
  const { t } = useTranslation();
  if (!published) return null;
  return (
    <Badge
      size="sm"
      variant={overlay ? 'solid' : 'subtle'}
      colorPalette="green"
      flexShrink={0}
      gap="1"
      shadow={overlay ? 'sm' : undefined}
      data-testid="published-mark"
    >
      <Radio size={10} aria-hidden />
      {t('assets.card.published')}
    </Badge>
  );
}

interface ThumbnailProps {
  asset: AssetSummary;
  width: string;
  height: string;
  compact: boolean;
}

/** The thumbnail, or "preparing preview" while the provider still makes it (it then loads afresh). */
function Thumbnail({ asset, width, height, compact }: ThumbnailProps) {
  const { t } = useTranslation();
  if (asset.state === PROCESSING_STATE)
    return (
      <Flex
        role="img"
        aria-label={t('assets.card.preparing')}
        title={t('assets.card.preparing')}
        w={width}
        h={height}
        flexShrink={0}
        direction="column"
        align="center"
        justify="center"
        gap="2"
        bg="bg.muted"
        rounded="l2"
        color="fg.muted"
      >
        <Spinner size="sm" />
        {compact ? null : <Text fontSize="xs">{t('assets.card.preparing')}</Text>}
      </Flex>
    );
  // Named on the card itself: a placeholder would pass for a file that is fine.
  if (asset.state === UNREADABLE_STATE)
    return (
      <Flex
        role="img"
        aria-label={t('assets.card.unreadable')}
        title={t(`error.codes.${ASSET_ERROR_CODES.UNREADABLE}`)}
        w={width}
        h={height}
        flexShrink={0}
        direction="column"
        align="center"
        justify="center"
        gap="2"
        p="2"
        bg="red.subtle"
        rounded="l2"
        color="fg.error"
        textAlign="center"
      >
        <FileWarning size={compact ? 16 : 24} aria-hidden />
        {compact ? null : <Text fontSize="xs">{t('assets.card.unreadable')}</Text>}
      </Flex>
    );
  return (
    <Image
      src={asset.thumbnailUrl}
      alt=""
      loading="lazy"
      decoding="async"
      w={width}
      h={height}
      objectFit="contain"
      bg="bg.muted"
      rounded="l2"
      flexShrink={0}
    />
  );
}

/** The hover checkbox of a card: shown on hover or focus, and always, with its checkmark, when selected. */
function SelectBox({ name, selected, onToggle }: { name: string; selected: boolean; onToggle(): void }) {
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

/** Memoised: while the grid scrolls, only the rows coming into view render, not those already there. */
const AssetItem = memo(function AssetItem({
  asset,
  index,
  viewMode,
  thumbnailHeight,
  columns,
  selected,
  ...handlers
}: AssetItemProps) {
  const { t } = useTranslation();
  const name = displayName(asset.name, asset.extension);
  const common = {
    role: 'option',
    'aria-selected': selected,
    'aria-label': name,
    'data-index-item': index,
    tabIndex: index === 0 ? 0 : -1,
    className: 'group',
    onFocus: () => handlers.onFocusIndex(index),
    onClick: (event: MouseEvent) => {
      // The second click of a double-click opens; it does not select again.
      if (event.detail > 1) return;
      handlers.onClick(asset.id, { toggle: event.ctrlKey || event.metaKey, range: event.shiftKey });
    },
    onDoubleClick: () => handlers.onOpen(asset.id, true),
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key === 'Enter') {
        event.preventDefault();
        handlers.onOpen(asset.id, false);
      } else if (event.key === ' ') {
        event.preventDefault();
        handlers.onToggle(asset.id);
      }
    },
    cursor: 'pointer',
    userSelect: 'none',
    _focusVisible: { outline: '2px solid', outlineColor: 'brand.solid', outlineOffset: '2px' },
  } as const;
  const toggle = () => handlers.onToggle(asset.id);
  const duration = durationText(asset);
  // Whole words on up to two lines, the full name in the tooltip: siblings differ where they differ.
  const nameText = (
    <Text
      title={name}
      fontSize="sm"
      fontWeight="medium"
      lineHeight="1.25"
      lineClamp={2}
      wordBreak="break-word"
    >
      {name}
    </Text>
  );

  if (viewMode === 'list') {
    return (
      <Flex
        {...common}
        align="center"
        gap="4"
        w="full"
        px="3"
        borderBottomWidth="1px"
        bg={selected ? 'brand.subtle' : undefined}
        _hover={{ bg: selected ? 'brand.subtle' : 'bg.muted' }}
      >
        <SelectBox name={name} selected={selected} onToggle={toggle} />
        <Thumbnail asset={asset} width="10" height="10" compact />
        <Box {...LIST_COLUMNS.name}>{nameText}</Box>
        <Box {...LIST_COLUMNS.state}>
          <HStack gap="1.5">
            <StateChip state={asset.workflowState} />
            <RestrictedMark restricted={asset.restricted} />
            <PublishedMark published={asset.published} />
          </HStack>
        </Box>
        <Text {...LIST_COLUMNS.type} color="fg.muted" truncate>
          {enumLabel(t, 'contentType', asset.type)}
          {duration ? ` · ${duration}` : ''}
        </Text>
        <Text {...LIST_COLUMNS.date} color="fg.muted">
          {formatDate(asset.createdAt)}{' '}
          <chakra.span aria-label={t('assets.card.versionOf', { version: asset.version })}>
            · {t('assets.card.version', { version: asset.version })}
          </chakra.span>
        </Text>
        <Text {...LIST_COLUMNS.owner} color="fg.muted" truncate>
          {asset.owner}
        </Text>
      </Flex>
    );
  }
  return (
    <chakra.div
      {...common}
      display="flex"
      flexDirection="column"
      gap="1.5"
      p="2"
      my="1.5"
      style={{ width: `calc((100% - ${(columns - 1) * 12}px) / ${columns})` }}
      borderWidth="2px"
      borderColor={selected ? 'brand.solid' : 'border'}
      bg={selected ? 'brand.subtle' : 'bg'}
      rounded="l3"
      overflow="hidden"
      _hover={{ borderColor: selected ? 'brand.solid' : 'border.emphasized' }}
    >
      <Box position="relative">
        <Thumbnail
          asset={asset}
          width="full"
          height={`${thumbnailHeight}px`}
          compact={thumbnailHeight < 96}
        />
        <Box position="absolute" top="1.5" left="1.5">
          <SelectBox name={name} selected={selected} onToggle={toggle} />
        </Box>
        <TypeBadge asset={asset} position="absolute" top="1.5" right="1.5" />
        <HStack position="absolute" bottom="1.5" left="1.5" maxW="calc(100% - 0.75rem)" gap="1.5">
          <StateChip state={asset.workflowState} overlay />
          <RestrictedMark restricted={asset.restricted} overlay />
          <PublishedMark published={asset.published} overlay />
        </HStack>
      </Box>
      <Box h="2.5em" fontSize="sm">
        {nameText}
      </Box>
      <HStack justify="space-between" gap="2" fontSize="xs" color="fg.muted">
        <Text>{formatDate(asset.createdAt)}</Text>
        <Text aria-label={t('assets.card.versionOf', { version: asset.version })}>
          {t('assets.card.version', { version: asset.version })}
        </Text>
      </HStack>
    </chakra.div>
  );
});
