import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Language } from '@paddock/rules';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { saveUserPreferences } from '../../api/profile.api';
import { profileKeys, userPreferencesQueryOptions } from '../../api/profile.queries';
import { readStoredLanguage } from '../../i18n/language-storage';
import { useLanguage } from '../../i18n/use-language';
import { useUiStore } from '../ui/ui-store-context';

/**
 * Keeps the user's language in their preferences, so it follows them to other browsers. A choice
 * made in this browser wins; the preference applies where none was made.
 */
export function usePreferredLanguage(): (language: Language) => void {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const ui = useUiStore();
  const [current, changeLanguage] = useLanguage();
  const { data: preferences } = useQuery(userPreferencesQueryOptions());

  useEffect(() => {
    const preferred = preferences?.language;
    if (preferred && preferred !== current && !readStoredLanguage()) void changeLanguage(preferred);
  }, [preferences, current, changeLanguage]);

  const save = useMutation({
    mutationFn: saveUserPreferences,
    onSuccess: (saved) => queryClient.setQueryData(profileKeys.preferences(), saved),
    onError: () => ui.showErrorBanner(t('preferences.saveFailed')),
  });
  return (language) => save.mutate({ ...preferences, language });
}
