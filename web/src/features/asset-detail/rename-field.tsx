import { Button, Field, HStack, Input } from '@chakra-ui/react';
import { ASSET_ERROR_CODES, E_CODES, type AssetDetail } from '@paddock/rules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Pencil } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { renameAsset } from '../../api/assets.api';
import { useLanguage } from '../../i18n/use-language';
import { assetKeys } from '../../api/assets.queries';
import { isApiError } from '../../api/api-error';
import { latin1Input } from '../ui/latin1-input';
import { useUiStore } from '../ui/ui-store-context';

/** The codes of a rename step that failed (SPEC §8 E064–E067) or of a stale view, each with its own message. */
const RENAME_CODES = [
  ASSET_ERROR_CODES.NOT_IN_FOLDER,
  E_CODES.RENAME_ADD_EN_FAILED,
  E_CODES.RENAME_UPDATE_EN_FAILED,
  E_CODES.RENAME_ADD_IT_FAILED,
  E_CODES.RENAME_UPDATE_IT_FAILED,
] as const;
const isRenameCode = (code: string | undefined): code is (typeof RENAME_CODES)[number] =>
  (RENAME_CODES as readonly (string | undefined)[]).includes(code);

/**
 * Inline rename (SPEC §5): an empty name is ignored; the hub saves a new one in IT and EN, and the
 * field says so. It starts from the name in the interface language, the one the title shows.
 */
export function RenameField({ asset, folderId }: { asset: AssetDetail; folderId?: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const ui = useUiStore();
  const [language] = useLanguage();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(asset.name);
  const [error, setError] = useState<string | null>(null);
  const rename = useMutation({
    mutationFn: (next: string) => renameAsset(asset.id, next, language, folderId),
    onSuccess: (saved) => {
      // Every cached view of this asset (plain, or seen from a folder with its place and actions).
      queryClient.setQueriesData<AssetDetail>({ queryKey: assetKeys.detail(asset.id) }, (cached) =>
        cached ? { ...cached, ...saved, place: cached.place, actions: cached.actions } : saved,
      );
      // Views in another language took this one's names above: they load theirs when next shown.
      void queryClient.invalidateQueries({ queryKey: assetKeys.detail(asset.id), refetchType: 'none' });
      void queryClient.invalidateQueries({ queryKey: assetKeys.lists() });
      ui.notify({ message: { key: 'notices.renamed', params: { name: saved.name } } });
      setEditing(false);
    },
    // SPEC §8: rename failures open a modal titled nameEditError, naming the locale that failed.
    onError: (error) => {
      const code = isApiError(error) ? error.shownCode : undefined;
      ui.showError({
        title: t('error.nameEditError'),
        code,
        message: isRenameCode(code) ? t(`error.codes.${code}`) : t('assetDetail.rename.failed'),
        trace: error instanceof Error ? error.message : undefined,
      });
    },
  });

  if (!editing) {
    return asset.rights.rename ? (
      <Button
        size="xs"
        variant="ghost"
        onClick={() => {
          setName(asset.name);
          setError(null);
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
    const { text, refused } = latin1Input(name);
    if (refused) setError(t('assetDetail.rename.notLatin1', { characters: refused }));
    else if (text === '' || text === asset.name) setEditing(false);
    else rename.mutate(text);
  };
  return (
    <form onSubmit={submit}>
      <HStack gap="2" align="start">
        <Field.Root invalid={error !== null} flex="1" minW="xs">
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
          {error ? (
            <Field.ErrorText>{error}</Field.ErrorText>
          ) : (
            <Field.HelperText>{t('assetDetail.rename.hint')}</Field.HelperText>
          )}
        </Field.Root>
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
