import { Switch } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { saveUserPreferences } from '../../api/profile.api';
import { profileKeys, userPreferencesQueryOptions } from '../../api/profile.queries';
import { useUiStore } from '../ui/ui-store-context';

/**
 * A supplier's choice to be e-mailed when a delivery of theirs is rejected (issue 23), kept in
 * their preferences on the hub; off until they turn it on. Shown at once, saved behind.
 */
export function RejectionMailSwitch() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const ui = useUiStore();
  const { data: preferences } = useQuery(userPreferencesQueryOptions());
  const save = useMutation({
    // Only this field: the hub merges it into the rest.
    mutationFn: (rejectionMail: boolean) => saveUserPreferences({ rejectionMail }),
    onMutate: (rejectionMail) =>
      queryClient.setQueryData(profileKeys.preferences(), { ...preferences, rejectionMail }),
    onSuccess: (saved) => queryClient.setQueryData(profileKeys.preferences(), saved),
    onError: () => {
      queryClient.setQueryData(profileKeys.preferences(), preferences);
      ui.showErrorBanner(t('preferences.rejectionMailFailed'));
    },
  });
  return (
    <Switch.Root
      size="sm"
      colorPalette="gray"
      checked={preferences?.rejectionMail === true}
      disabled={!preferences}
      onCheckedChange={(details) => save.mutate(details.checked)}
    >
      <Switch.HiddenInput />
      <Switch.Control />
      <Switch.Label>{t('preferences.rejectionMail')}</Switch.Label>
    </Switch.Root>
  );
}
