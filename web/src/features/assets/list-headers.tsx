import { Box, chakra, Flex, Text } from '@chakra-ui/react';
import type { AssetSortField, SortOrder } from '@paddock/rules';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** The listing's sort, as the list view's column headers show and change it. */
export interface ListingSort {
  field: AssetSortField;
  order: SortOrder;
  onSort(field: AssetSortField): void;
}

/** The list view's columns: widths shared by the headers and the rows. */
export const LIST_COLUMNS = {
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

export function ListHeaders({ sort }: { sort: ListingSort | undefined }) {
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
