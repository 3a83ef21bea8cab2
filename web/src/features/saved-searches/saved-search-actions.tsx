import { Badge, HStack, IconButton } from '@chakra-ui/react';
import type { ListingOnlyFilter, SavedListingQuery } from '@paddock/rules';
import { getRouteApi } from '@tanstack/react-router';
import { Bookmark, BookmarkPlus, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { onDemand } from '../ui/on-demand';
import type { ListingSearch } from '../assets/listing-search';

// The dialogs come when first opened: the archive page's first screen does not carry them (issue 26).
const SaveSearchDialog = onDemand(() => import('./save-search-dialog').then((m) => m.SaveSearchDialog));
const SavedSearchesDialog = onDemand(() =>
  import('./saved-searches-dialog').then((m) => m.SavedSearchesDialog),
);

const route = getRouteApi('/_authenticated/home');

/** The listing's address as a saved search keeps it: its folder, search text, filters and sort. */
export function savedQueryOf(search: ListingSearch & { folder?: string }): SavedListingQuery {
  const query: SavedListingQuery = {
    folder: search.folder,
    q: search.q,
    sub: search.sub,
    sort: search.sort,
    order: search.order,
    type: search.type,
    ext: search.ext,
    pub: search.pub,
    meta: search.meta,
    only: search.only,
  };
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined));
}

/**
 * The listing's saved searches (docs/saved-searches.md), small at the end of the count's line: the
 * toolbar has no room left for the search box at 1280 px. "Save search" keeps the listing as its
 * address holds it, "Saved searches" lists them and the collections, and opens one.
 */
export function SavedSearchActions() {
  const { t } = useTranslation();
  const search = route.useSearch();
  const [open, setOpen] = useState<'save' | 'list' | null>(null);
  const close = () => setOpen(null);
  return (
    <>
      <IconButton
        size="2xs"
        variant="ghost"
        aria-label={t('savedSearches.save.action')}
        title={t('savedSearches.save.action')}
        onClick={() => setOpen('save')}
      >
        <BookmarkPlus />
      </IconButton>
      <IconButton
        size="2xs"
        variant="ghost"
        aria-label={t('savedSearches.open')}
        title={t('savedSearches.open')}
        onClick={() => setOpen('list')}
      >
        <Bookmark />
      </IconButton>
      {open === 'save' ? <SaveSearchDialog query={savedQueryOf(search)} onClose={close} /> : null}
      {open === 'list' ? <SavedSearchesDialog onClose={close} /> : null}
    </>
  );
}

/** The built-in saved search the listing answers, named beside the count, with a way to drop it. */
export function OnlyFilterChip({ only, onClear }: { only: ListingOnlyFilter | undefined; onClear(): void }) {
  const { t } = useTranslation();
  if (!only) return null;
  const name = t(`savedSearches.builtin.${only}`);
  return (
    <HStack gap="0.5" flex="none">
      <Badge size="sm" variant="subtle" colorPalette="brand">
        {name}
      </Badge>
      <IconButton
        size="2xs"
        variant="ghost"
        aria-label={t('savedSearches.clearBuiltin', { name })}
        title={t('savedSearches.clearBuiltin', { name })}
        onClick={onClear}
      >
        <X />
      </IconButton>
    </HStack>
  );
}
