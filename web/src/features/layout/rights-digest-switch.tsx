import { Switch } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { saveUserPreferences } from '../../api/profile.api';
import { profileKeys, userPreferencesQueryOptions } from '../../api/profile.queries';
import { useUiStore } from '../ui/ui-store-context';

/**
 * A user's choice to receive rights notices (docs/rights-notices.md) in one mail a day instead of
 * one mail each, kept in their preferences on the hub; off until they turn it on.
 */
export function RightsDigestSwitch() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const ui = useUiStore();
  const { data: preferences } = useQuery(userPreferencesQueryOptions());
  const save = useMutation({
    mutationFn: (rightsDigest: boolean) => saveUserPreferences({ rightsDigest }),
    onMutate: (rightsDigest) =>
      queryClient.setQueryData(profileKeys.preferences(), { ...preferences, rightsDigest }),
    onSuccess: (saved) => queryClient.setQueryData(profileKeys.preferences(), saved),
    onError: () => {
      queryClient.setQueryData(profileKeys.preferences(), preferences);
      ui.showErrorBanner(t('preferences.rightsDigestFailed'));
    },
  });
  return (
    <Switch.Root
      size="sm"
      colorPalette="gray"
      checked={preferences?.rightsDigest === true}
      disabled={!preferences}
      onCheckedChange={(details) => save.mutate(details.checked)}
    >
      <Switch.HiddenInput />
      <Switch.Control />
      <Switch.Label>{t('preferences.rightsDigest')}</Switch.Label>
    </Switch.Root>
  );
}
