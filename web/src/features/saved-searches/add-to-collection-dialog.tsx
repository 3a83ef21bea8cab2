import { Button, Field, Input, RadioGroup, Stack, Text } from '@chakra-ui/react';
import { SAVED_SEARCH_LIMITS } from '@paddock/rules';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addToCollection, createCollection } from '../../api/saved-searches.api';
import { AppDialog } from '../../components/ui/dialog';
import { InlineError } from '../ui/inline-error';
import { latin1Input } from '../ui/latin1-input';
import { useUiStore } from '../ui/ui-store-context';
import { refusalText } from './refusal-text';
import { collectionsQueryOptions, savedSearchKeys } from './saved-searches.queries';

export interface AddToCollectionDialogProps {
  assetIds: readonly string[];
  onClose(): void;
}

const NEW = 'new';

/** Keeps the selection in one of the user's collections, or in a new one named here. */
export function AddToCollectionDialog({ assetIds, onClose }: AddToCollectionDialogProps) {
  const { t } = useTranslation();
  const ui = useUiStore();
  const queryClient = useQueryClient();
  const collections = useQuery(collectionsQueryOptions());
  const own = (collections.data ?? []).filter((c) => c.mine);
  const [picked, setPicked] = useState<string | null>(null);
  const choice = picked ?? own[0]?.id ?? NEW;
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const add = useMutation({
    mutationFn: async (target: { id: string } | { name: string }) => {
      const id = 'id' in target ? target.id : (await createCollection(target.name)).id;
      return addToCollection(id, assetIds);
    },
    onSuccess: async (collection) => {
      ui.notify({
        message: {
          key: 'savedSearches.collections.added',
          params: { count: assetIds.length, name: collection.name },
        },
      });
      onClose();
      await queryClient.invalidateQueries({ queryKey: savedSearchKeys.collections() });
    },
  });
  const shown = problem ?? (add.error ? refusalText(t, add.error) : null);
  const confirm = () => {
    if (choice !== NEW) return add.mutate({ id: choice });
    const { text, refused } = latin1Input(name);
    if (!text) return setProblem(t('savedSearches.nameRequired'));
    if (refused) return setProblem(t('dialogs.latin1', { characters: refused }));
    setProblem(null);
    add.mutate({ name: text });
  };
  return (
    <AppDialog
      open
      dismissible={!add.isPending}
      onDismiss={onClose}
      title={t('savedSearches.collections.addTitle', { count: assetIds.length })}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={add.isPending}>
            {t('workflow.cancel')}
          </Button>
          <Button
            type="submit"
            form="add-to-collection"
            loading={add.isPending}
            disabled={collections.isPending}
          >
            {t('savedSearches.collections.addConfirm')}
          </Button>
        </>
      }
    >
      {collections.isError ? (
        <InlineError
          message={t('savedSearches.loadFailed')}
          error={collections.error}
          retrying={collections.isRefetching}
          onRetry={() => void collections.refetch()}
        />
      ) : (
        <form
          id="add-to-collection"
          onSubmit={(event) => {
            event.preventDefault();
            confirm();
          }}
        >
          <Stack gap="4">
            <Text color="fg.muted">{t('savedSearches.collections.addExplain')}</Text>
            <RadioGroup.Root
              value={choice}
              onValueChange={(details) => setPicked(details.value)}
              aria-label={t('savedSearches.collections.pick')}
            >
              <Stack gap="2">
                {own.map((collection) => (
                  <RadioGroup.Item key={collection.id} value={collection.id}>
                    <RadioGroup.ItemHiddenInput />
                    <RadioGroup.ItemIndicator />
                    <RadioGroup.ItemText>
                      {collection.name} ({t('savedSearches.collections.size', { count: collection.size })})
                    </RadioGroup.ItemText>
                  </RadioGroup.Item>
                ))}
                <RadioGroup.Item value={NEW}>
                  <RadioGroup.ItemHiddenInput />
                  <RadioGroup.ItemIndicator />
                  <RadioGroup.ItemText>{t('savedSearches.collections.new')}</RadioGroup.ItemText>
                </RadioGroup.Item>
              </Stack>
            </RadioGroup.Root>
            {choice === NEW ? (
              <Field.Root required invalid={shown !== null}>
                <Field.Label>
                  {t('savedSearches.collections.name', { max: SAVED_SEARCH_LIMITS.nameMaxLength })}
                  <Field.RequiredIndicator />
                </Field.Label>
                <Input
                  autoFocus
                  value={name}
                  maxLength={SAVED_SEARCH_LIMITS.nameMaxLength}
                  onChange={(event) => setName(event.target.value)}
                />
                {shown ? <Field.ErrorText>{shown}</Field.ErrorText> : null}
              </Field.Root>
            ) : shown ? (
              <Text color="fg.error">{shown}</Text>
            ) : null}
          </Stack>
        </form>
      )}
    </AppDialog>
  );
}
