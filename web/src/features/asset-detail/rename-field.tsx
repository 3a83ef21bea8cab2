import { Button, HStack, Input } from '@chakra-ui/react';
import type { AssetDetail } from '@paddock/rules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Pencil } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { renameAsset } from '../../api/assets.api';
import { assetKeys } from '../../api/assets.queries';
import { isApiError } from '../../api/api-error';
import { useUiStore } from '../ui/ui-store-context';

/** Inline rename (SPEC §5): an empty name is ignored; the hub saves a new one in IT and EN. */
export function RenameField({ asset, folderId }: { asset: AssetDetail; folderId?: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const ui = useUiStore();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(asset.name);
  const rename = useMutation({
    mutationFn: (next: string) => renameAsset(asset.id, next, folderId),
    onSuccess: (saved) => {
      // Every cached view of this asset (plain, or seen from a folder with its place and actions).
      queryClient.setQueriesData<AssetDetail>({ queryKey: assetKeys.detail(asset.id) }, (cached) =>
        cached ? { ...cached, ...saved, place: cached.place, actions: cached.actions } : saved,
      );
      void queryClient.invalidateQueries({ queryKey: assetKeys.lists() });
      ui.notify({ message: t('notices.renamed', { name: saved.name }) });
      setEditing(false);
    },
    onError: (error) =>
      ui.showError({
        code: isApiError(error) ? error.code : undefined,
        message: t('assetDetail.rename.failed'),
        trace: error instanceof Error ? error.message : undefined,
      }),
  });

  if (!editing) {
    return asset.rights.rename ? (
      <Button
        size="xs"
        variant="ghost"
        onClick={() => {
          setName(asset.name);
          setEditing(true);
        }}
      >
        <Pencil />
        {t('assetDetail.rename.start')}
      </Button>
    ) : null;
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (trimmed === '' || trimmed === asset.name) setEditing(false);
    else rename.mutate(trimmed);
  };
  return (
    <form onSubmit={submit}>
      <HStack gap="2">
        <Input
          size="sm"
          autoFocus
          value={name}
          aria-label={t('assetDetail.rename.label')}
          onChange={(event) => setName(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.stopPropagation();
              setEditing(false);
            }
          }}
        />
        <Button size="sm" type="submit" loading={rename.isPending}>
          {t('assetDetail.rename.save')}
        </Button>
        <Button size="sm" variant="ghost" onClick={() => setEditing(false)}>
          {t('assetDetail.rename.cancel')}
        </Button>
      </HStack>
    </form>
  );
}
