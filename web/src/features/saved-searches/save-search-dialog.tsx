import { SAVED_SEARCH_LIMITS, type SavedListingQuery } from '@paddock/rules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { saveSearch } from '../../api/saved-searches.api';
import { InputDialog } from '../ui/text-entry-dialog';
import { useUiStore } from '../ui/ui-store-context';
import { refusalText } from './refusal-text';
import { savedSearchKeys } from './saved-searches.queries';

export interface SaveSearchDialogProps {
  query: SavedListingQuery;
  onClose(): void;
}

/** Keeps the listing's search, filters and sort under a name the user gives. */
export function SaveSearchDialog({ query, onClose }: SaveSearchDialogProps) {
  const { t } = useTranslation();
  const ui = useUiStore();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (name: string) => saveSearch({ name, query }),
    onSuccess: async (saved) => {
      ui.notify({ message: { key: 'savedSearches.save.done', params: { name: saved.name ?? '' } } });
      onClose();
      await queryClient.invalidateQueries({ queryKey: savedSearchKeys.all });
    },
  });
  return (
    <InputDialog
      title={t('savedSearches.save.title')}
      description={t('savedSearches.save.explain')}
      label={t('savedSearches.name', { max: SAVED_SEARCH_LIMITS.nameMaxLength })}
      confirmLabel={t('savedSearches.save.confirm')}
      requiredMessage={t('savedSearches.nameRequired')}
      busy={save.isPending}
      error={save.error ? refusalText(t, save.error) : null}
      onConfirm={(name) => {
        if (name.length > SAVED_SEARCH_LIMITS.nameMaxLength) return;
        save.mutate(name);
      }}
      onCancel={onClose}
    />
  );
}
