import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { saveUserPreferences } from '../../api/profile.api';
import { profileKeys, userPreferencesQueryOptions } from '../../api/profile.queries';
import { useUiStore } from '../ui/ui-store-context';
import type { ViewMode } from './asset-browser';

/** Grid or list, remembered in the user's preferences so it follows them to other browsers. */
export function useViewMode(): [ViewMode, (mode: ViewMode) => void] {
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
  const mode = preferences?.viewMode ?? 'grid';
  return [mode, (next) => next !== mode && save.mutate({ ...preferences, viewMode: next })];
}
