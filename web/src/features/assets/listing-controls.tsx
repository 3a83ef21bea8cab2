import { Badge, Box, ButtonGroup, HStack, IconButton } from '@chakra-ui/react';
import { CountedIconButton } from '../../components/ui/counted-icon-button';
import {
  ASSET_SORT_FIELDS,
  DEFAULT_SORT_ORDER,
  FILE_EXTENSIONS,
  FILTER_CONTENT_TYPES,
  type AssetSortField,
  type FileExtension,
  type FilterContentType,
  type MetadataFilter,
  type SortOrder,
  type TileSize,
} from '@paddock/rules';
import { ArrowDownWideNarrow, ArrowUpNarrowWide, LayoutGrid, List, ListFilter, Scaling } from 'lucide-react';
import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Select } from '../../components/ui/select';
import type { ViewMode } from './use-view-mode';
import { enumLabel } from '../../i18n/enum-labels';
import { onDemandMenu } from '../ui/on-demand-menu';

// The popover and the menu come after the first screen, which shows only their buttons (issue 26).
const FiltersPopover = onDemandMenu(
  () => import('./listing-menus').then((module) => module.FiltersPopover),
  'popover',
);
const TileSizeList = onDemandMenu(() => import('./listing-menus').then((module) => module.TileSizeList));

const ALL = 'all';

export interface ListingFilters {
  sort: AssetSortField;
  order: SortOrder;
  type: FilterContentType | undefined;
  extension: FileExtension | undefined;
  /** SPEC §4 "Folders": published with their folder, or not; undefined: both. */
  published: boolean | undefined;
  metadata: MetadataFilter[];
}

interface ListingControlsProps {
  filters: ListingFilters;
  onFilters(filters: ListingFilters): void;
}

/** A select as wide as its longest option, so no language truncates it and the toolbar stays compact. */
function Fit({ children }: { children: ReactNode }) {
  return (
    <Box flex="none" maxW="full">
      {children}
    </Box>
  );
}

const PUBLICATION = { published: true, notPublished: false } as const;
type Publication = keyof typeof PUBLICATION;

/**
 * Sort (SPEC §3: four fields, each ascending or descending), then the type, extension and
 * published filters behind one button: inline items of the listing toolbar.
 */
export function ListingControls({ filters, onFilters }: ListingControlsProps) {
  const { t } = useTranslation();
  const orderLabel = t('assets.sort.orderLabel', { order: t(`assets.sort.orders.${filters.order}`) });
  return (
    <>
      <HStack gap="1" flex="none">
        <Fit>
          <Select<AssetSortField>
            size="sm"
            fitChosen
            aria-label={t('assets.sort.label')}
            value={filters.sort}
            options={ASSET_SORT_FIELDS.map((field) => ({
              value: field,
              label: t(`assets.sort.fields.${field}`),
            }))}
            // A newly chosen sort starts in its natural order: names A→Z, dates newest first.
            onChange={(sort) => onFilters({ ...filters, sort, order: DEFAULT_SORT_ORDER[sort] })}
          />
        </Fit>
        <IconButton
          size="sm"
          variant="outline"
          aria-label={orderLabel}
          title={orderLabel}
          onClick={() => onFilters({ ...filters, order: filters.order === 'desc' ? 'asc' : 'desc' })}
        >
          {filters.order === 'desc' ? <ArrowDownWideNarrow /> : <ArrowUpNarrowWide />}
        </IconButton>
      </HStack>
      <FiltersButton active={chosenFilters(t, filters)}>
        <Fit>
          <Select<FilterContentType | typeof ALL>
            size="sm"
            aria-label={t('assets.filters.type')}
            value={filters.type ?? ALL}
            options={[
              { value: ALL, label: t('assets.filters.allTypes') },
              ...FILTER_CONTENT_TYPES.map((type) => ({
                value: type,
                label: enumLabel(t, 'contentType', type),
              })),
            ]}
            onChange={(value) => onFilters({ ...filters, type: value === ALL ? undefined : value })}
          />
        </Fit>
        <Fit>
          <Select<FileExtension | typeof ALL>
            size="sm"
            aria-label={t('assets.filters.extension')}
            value={filters.extension ?? ALL}
            options={[
              { value: ALL, label: t('assets.filters.allExtensions') },
              ...FILE_EXTENSIONS.map((extension) => ({ value: extension, label: extension.toUpperCase() })),
            ]}
            onChange={(value) => onFilters({ ...filters, extension: value === ALL ? undefined : value })}
          />
        </Fit>
        <Fit>
          <Select<Publication | typeof ALL>
            size="sm"
            aria-label={t('assets.filters.publication')}
            value={filters.published === undefined ? ALL : filters.published ? 'published' : 'notPublished'}
            options={[
              { value: ALL, label: t('assets.filters.anyPublication') },
              ...(Object.keys(PUBLICATION) as Publication[]).map((value) => ({
                value,
                label: t(`assets.filters.${value}`),
              })),
            ]}
            onChange={(value) =>
              onFilters({ ...filters, published: value === ALL ? undefined : PUBLICATION[value] })
            }
          />
        </Fit>
      </FiltersButton>
    </>
  );
}

/** The active type and extension filters, each as "what: value" in the reader's language. */
function chosenFilters(t: TFunction, filters: ListingFilters): string[] {
  const active: string[] = [];
  if (filters.type !== undefined)
    active.push(
      t('assets.filters.active', {
        filter: t('assets.filters.type'),
        value: enumLabel(t, 'contentType', filters.type),
      }),
    );
  if (filters.extension !== undefined)
    active.push(
      t('assets.filters.active', {
        filter: t('assets.filters.extension'),
        value: filters.extension.toUpperCase(),
      }),
    );
  if (filters.published !== undefined)
    active.push(
      t('assets.filters.active', {
        filter: t('assets.filters.publication'),
        value: t(filters.published ? 'assets.filters.published' : 'assets.filters.notPublished'),
      }),
    );
  return active;
}

/**
 * What the listing is filtered by, in words beside its count (issue 23: a "1" on an icon said
 * neither that nor what): the type, the extension, the metadata conditions.
 */
export function ActiveFilters({ filters }: { filters: ListingFilters }) {
  const { t } = useTranslation();
  const conditions = filters.metadata.reduce((sum, group) => sum + group.clauses.length, 0);
  const active = [
    ...chosenFilters(t, filters),
    ...(conditions ? [t('assets.metadata.openActive', { count: conditions })] : []),
  ];
  if (active.length === 0) return null;
  return (
    <HStack gap="1.5" minW="0" wrap="wrap" data-testid="active-filters">
      <ListFilter size="14" aria-hidden />
      {active.map((text) => (
        <Badge key={text} size="sm" variant="subtle" colorPalette="brand">
          {text}
        </Badge>
      ))}
    </HStack>
  );
}

/**
 * The type and extension filters behind one icon, named by what they filter, so the toolbar keeps
 * one row in every language.
 */
function FiltersButton({ active, children }: { active: string[]; children: ReactNode }) {
  const { t } = useTranslation();
  const label = active.length
    ? t('assets.filters.labelActive', { active: active.join('; ') })
    : t('assets.filters.label');
  return (
    <FiltersPopover trigger={<CountedIconButton count={active.length} label={label} icon={<ListFilter />} />}>
      {children}
    </FiltersPopover>
  );
}

/**
 * The grid's tile size (issue 23): one button in the toolbar, a menu of the sizes. The user's
 * choice is kept in their preferences.
 */
export function TileSizeMenu({
  tileSize,
  onTileSize,
}: {
  tileSize: TileSize;
  onTileSize(size: TileSize): void;
}) {
  const { t } = useTranslation();
  const label = t('assets.tileSize.label');
  return (
    <TileSizeList
      label={label}
      tileSize={tileSize}
      onTileSize={onTileSize}
      trigger={
        <IconButton size="2xs" variant="ghost" flex="none" aria-label={label} title={label}>
          <Scaling />
        </IconButton>
      }
    />
  );
}

interface ViewModeToggleProps {
  viewMode: ViewMode;
  onViewMode(mode: ViewMode): void;
}

/** Grid or list. */
export function ViewModeToggle({ viewMode, onViewMode }: ViewModeToggleProps) {
  const { t } = useTranslation();
  return (
    <ButtonGroup size="sm" variant="outline" attached flex="none">
      <IconButton
        aria-label={t('assets.viewMode.grid')}
        aria-pressed={viewMode === 'grid'}
        variant={viewMode === 'grid' ? 'solid' : 'outline'}
        onClick={() => onViewMode('grid')}
      >
        <LayoutGrid />
      </IconButton>
      <IconButton
        aria-label={t('assets.viewMode.list')}
        aria-pressed={viewMode === 'list'}
        variant={viewMode === 'list' ? 'solid' : 'outline'}
        onClick={() => onViewMode('list')}
      >
        <List />
      </IconButton>
    </ButtonGroup>
  );
}
