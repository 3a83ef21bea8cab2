import { ButtonGroup, HStack, IconButton } from '@chakra-ui/react';
import {
  FILE_EXTENSIONS,
  FILTER_CONTENT_TYPES,
  type AssetSortField,
  type FileExtension,
  type FilterContentType,
  type SortOrder,
} from '@paddock/rules';
import { LayoutGrid, List } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Select } from '../../components/ui/select';
import type { ViewMode } from './asset-browser';

const SORT_FIELDS: readonly AssetSortField[] = ['creationDate', 'lastUpdate', 'name', 'relevance'];
const ORDERS: readonly SortOrder[] = ['desc', 'asc'];
type SortKey = `${AssetSortField}:${SortOrder}`;
const ALL = 'all';

export interface ListingFilters {
  sort: AssetSortField;
  order: SortOrder;
  type: FilterContentType | undefined;
  extension: FileExtension | undefined;
}

interface ListingControlsProps {
  filters: ListingFilters;
  onFilters(filters: ListingFilters): void;
  viewMode: ViewMode;
  onViewMode(mode: ViewMode): void;
}

/** Sort (SPEC §3: four fields, each ascending or descending), type and extension filters, grid/list. */
export function ListingControls({ filters, onFilters, viewMode, onViewMode }: ListingControlsProps) {
  const { t } = useTranslation();
  const sortOptions = SORT_FIELDS.flatMap((field) =>
    ORDERS.map((order) => ({
      value: `${field}:${order}` as SortKey,
      label: t('assets.sort.option', {
        field: t(`assets.sort.fields.${field}`),
        order: t(`assets.sort.orders.${order}`),
      }),
    })),
  );
  return (
    <HStack gap="3" wrap="wrap">
      <Select<SortKey>
        size="sm"
        aria-label={t('assets.sort.label')}
        value={`${filters.sort}:${filters.order}`}
        options={sortOptions}
        onChange={(value) => {
          const [sort, order] = value.split(':') as [AssetSortField, SortOrder];
          onFilters({ ...filters, sort, order });
        }}
      />
      <Select<FilterContentType | typeof ALL>
        size="sm"
        aria-label={t('assets.filters.type')}
        value={filters.type ?? ALL}
        options={[
          { value: ALL, label: t('assets.filters.allTypes') },
          ...FILTER_CONTENT_TYPES.map((type) => ({ value: type, label: t(`assets.types.${type}`) })),
        ]}
        onChange={(value) => onFilters({ ...filters, type: value === ALL ? undefined : value })}
      />
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
      <ButtonGroup size="sm" variant="outline" attached>
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
    </HStack>
  );
}
