import { Button, RadioGroup, Spinner, Stack, Text } from '@chakra-ui/react';
import { LIMITS, labelIn, type TagsBulkRequest } from '@paddock/rules';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { enrichmentDefinitionsQueryOptions } from '../../api/enrichment.queries';
import { AppDialog } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { Select } from '../../components/ui/select';
import { useLanguage } from '../../i18n/use-language';
import { MetadataField } from '../enrichment/metadata-field';
import { InlineError } from '../ui/inline-error';

export type BulkMetadataAction = TagsBulkRequest['action'];
export type BulkMetadataEntry = { key: string; value?: string };

interface BulkMetadataDialogProps {
  count: number;
  busy: boolean;
  onConfirm(action: BulkMetadataAction, entry: BulkMetadataEntry): void;
  onCancel(): void;
}

/**
 * SPEC §2 smart bar, §5 "bulk add requires key and value; bulk remove requires a key": one
 * metadata, from the provider's definitions, set to a value on the selected assets or removed.
 */
export function BulkMetadataDialog({ count, busy, onConfirm, onCancel }: BulkMetadataDialogProps) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const definitions = useQuery(enrichmentDefinitionsQueryOptions());
  const [action, setAction] = useState<BulkMetadataAction>('add');
  const [key, setKey] = useState('');
  const [value, setValue] = useState('');
  const items = definitions.data?.metadata ?? [];
  const definition = items.find((d) => d.key === key);
  const ready = definition !== undefined && (action === 'remove' || value.trim() !== '');

  return (
    <AppDialog
      open
      dismissible={!busy}
      onDismiss={onCancel}
      title={t('tagging.metadata.title', { count })}
      footer={
        <>
          <Button variant="outline" onClick={onCancel} disabled={busy}>
            {t('workflow.cancel')}
          </Button>
          <Button
            loading={busy}
            disabled={!ready}
            onClick={() => onConfirm(action, action === 'add' ? { key, value } : { key })}
          >
            {t(`tagging.metadata.confirm.${action}`)}
          </Button>
        </>
      }
    >
      <Stack gap="4">
        <RadioGroup.Root
          value={action}
          onValueChange={(details) => setAction(details.value === 'remove' ? 'remove' : 'add')}
          aria-label={t('tagging.metadata.action')}
        >
          <Stack direction="row" gap="5" wrap="wrap">
            {(['add', 'remove'] as const).map((choice) => (
              <RadioGroup.Item key={choice} value={choice}>
                <RadioGroup.ItemHiddenInput />
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText>{t(`tagging.metadata.actions.${choice}`)}</RadioGroup.ItemText>
              </RadioGroup.Item>
            ))}
          </Stack>
        </RadioGroup.Root>
        {definitions.isPending ? (
          <Spinner aria-label={t('loading.label')} />
        ) : definitions.isError ? (
          <InlineError
            message={t('tagging.metadata.loadFailed')}
            error={definitions.error}
            onRetry={() => void definitions.refetch()}
            retrying={definitions.isFetching}
          />
        ) : (
          <>
            <Field label={t('tagging.metadata.key')} required>
              <Select
                value={key}
                options={[
                  { value: '', label: t('tagging.metadata.choose') },
                  ...items
                    .map((d) => ({ value: d.key, label: labelIn(d.names, language) || d.key }))
                    .sort((a, b) => a.label.localeCompare(b.label, language)),
                ]}
                onChange={(next) => {
                  setKey(next);
                  setValue('');
                }}
              />
            </Field>
            {definition && action === 'add' ? (
              <MetadataField definition={definition} value={value} onChange={setValue} required />
            ) : null}
          </>
        )}
        <Text fontSize="sm" color="fg.muted">
          {t('tagging.bulk.limit', { max: LIMITS.taggingMaxAssets })}
        </Text>
      </Stack>
    </AppDialog>
  );
}
