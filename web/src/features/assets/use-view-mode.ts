import { DEFAULT_TILE_SIZE, type TileSize } from '@paddock/rules';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { saveUserPreferences, type UserPreferences } from '../../api/profile.api';
import { profileKeys, userPreferencesQueryOptions } from '../../api/profile.queries';
import { useUiStore } from '../ui/ui-store-context';

export type ViewMode = 'grid' | 'list';

/**
 * One of the listing's display preferences, remembered in the user's preferences on the hub so it
 * follows them to other browsers; shown at once, saved behind.
 */
function useListingPreference<K extends 'viewMode' | 'tileSize'>(
  key: K,
  fallback: NonNullable<UserPreferences[K]>,
): [NonNullable<UserPreferences[K]>, (value: NonNullable<UserPreferences[K]>) => void] {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const ui = useUiStore();
  const { data: preferences } = useQuery(userPreferencesQueryOptions());
  const save = useMutation({
    mutationFn: saveUserPreferences,
    onMutate: (next) => queryClient.setQueryData(profileKeys.preferences(), next),
    onSuccess: (saved) => queryClient.setQueryData(profileKeys.preferences(), saved),
    onError: () => ui.showErrorBanner(t('assets.viewMode.saveFailed')),
  });
  const value = preferences?.[key] ?? fallback;
  return [value, (next) => next !== value && save.mutate({ ...preferences, [key]: next })];
}

/** Grid or list. */
export function useViewMode(): [ViewMode, (mode: ViewMode) => void] {
  return useListingPreference('viewMode', 'grid');
}

/** The size of the grid's tiles. */
export function useTileSize(): [TileSize, (size: TileSize) => void] {
  return useListingPreference('tileSize', DEFAULT_TILE_SIZE);
}
