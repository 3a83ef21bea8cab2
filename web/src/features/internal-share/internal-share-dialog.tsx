import { Alert, Button, Checkbox, Fieldset, Spinner, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../components/ui/dialog';
import { useLanguage } from '../../i18n/use-language';
import { InlineError } from '../ui/inline-error';
import { JobProgressBar } from '../workflow/job-progress-bar';
import { pickerEntries, sharingFoldersQueryOptions } from './sharing-folders';

export interface InternalShareDialogProps {
  count: number;
  /** 0–100 while the share job runs, null before. */
  progress: number | null;
  busy: boolean;
  /** A refusal said in the dialog (already translated). */
  refusal: string | null;
  onShare(targetFolderIds: string[]): void;
  onClose(): void;
}

/** SPEC §4 internal share: pick the folders (the provider's sharing-folder lookup), then the job's progress. */
export function InternalShareDialog({
  count,
  progress,
  busy,
  refusal,
  onShare,
  onClose,
}: InternalShareDialogProps) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const folders = useQuery(sharingFoldersQueryOptions());
  const [chosen, setChosen] = useState<string[]>([]);
  const toggle = (id: string, on: boolean) =>
    setChosen((current) => (on ? [...current, id] : current.filter((c) => c !== id)));

  return (
    <AppDialog
      open
      dismissible={!busy}
      onDismiss={onClose}
      title={t('internalShare.title', { count })}
      footer={
        <>
          <Button variant="ghost" onClick={onClose} disabled={busy}>
            {t('internalShare.cancel')}
          </Button>
          <Button onClick={() => onShare(chosen)} loading={busy} disabled={!chosen.length}>
            {t('internalShare.submit')}
          </Button>
        </>
      }
    >
      <Stack gap="4">
        {folders.isPending ? <Spinner size="sm" /> : null}
        {folders.isError ? (
          <InlineError
            message={t('internalShare.foldersFailed')}
            ownText
            error={folders.error}
            onRetry={() => void folders.refetch()}
            retrying={folders.isFetching}
          />
        ) : null}
        {folders.data && !folders.data.items.length ? <Text>{t('internalShare.noFolders')}</Text> : null}
        {folders.data?.items.length ? (
          <Fieldset.Root disabled={busy}>
            <Fieldset.Legend>{t('internalShare.folders')}</Fieldset.Legend>
            <Stack gap="2" mt="2">
              {pickerEntries(folders.data.items, language).map(({ folder, label }) => (
                <Checkbox.Root
                  key={folder.id}
                  checked={chosen.includes(folder.id)}
                  onCheckedChange={(e) => toggle(folder.id, e.checked === true)}
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>{label}</Checkbox.Label>
                </Checkbox.Root>
              ))}
            </Stack>
          </Fieldset.Root>
        ) : null}
        {refusal ? (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Title>{refusal}</Alert.Title>
          </Alert.Root>
        ) : null}
        <JobProgressBar progress={progress} />
      </Stack>
    </AppDialog>
  );
}
