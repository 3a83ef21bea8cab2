import { Button, Checkbox, Heading, RadioGroup, Spinner, Stack, Text } from '@chakra-ui/react';
import {
  ENRICHMENT_CLASSIFICATIONS,
  LIMITS,
  PICKABLE_TAG_CLASSIFICATIONS,
  tagTree,
  type TagOption,
} from '@paddock/rules';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tagOptionsQueryOptions } from '../../api/tagging.api';
import { AppDialog } from '../../components/ui/dialog';
import { useLanguage } from '../../i18n/use-language';
import { InlineError } from '../ui/inline-error';
import { NewTagField } from './new-tag-field';

export type BulkTagAction = 'add' | 'remove';

interface BulkTagDialogProps {
  count: number;
  busy: boolean;
  onConfirm(action: BulkTagAction, tags: TagOption[]): void;
  onCancel(): void;
}

/**
 * SPEC §2 smart bar tagging: add or remove product and free tags on the selected assets; a free tag
 * not yet listed is created by typing it, to add.
 */
export function BulkTagDialog({ count, busy, onConfirm, onCancel }: BulkTagDialogProps) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const options = useQuery(tagOptionsQueryOptions(language));
  const [action, setAction] = useState<BulkTagAction>('add');
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const items = options.data?.items ?? [];
  const toggle = (id: string) =>
    setPicked((before) => {
      const next = new Set(before);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <AppDialog
      open
      dismissible={!busy}
      onDismiss={onCancel}
      title={t('tagging.bulk.title', { count })}
      footer={
        <>
          <Button variant="outline" onClick={onCancel} disabled={busy}>
            {t('workflow.cancel')}
          </Button>
          <Button
            loading={busy}
            disabled={picked.size === 0}
            onClick={() =>
              onConfirm(
                action,
                items.filter((i) => picked.has(i.id)),
              )
            }
          >
            {t(`tagging.bulk.confirm.${action}`)}
          </Button>
        </>
      }
    >
      <Stack gap="4">
        <RadioGroup.Root
          value={action}
          onValueChange={(details) => setAction(details.value === 'remove' ? 'remove' : 'add')}
          aria-label={t('tagging.bulk.action')}
        >
          <Stack direction="row" gap="5">
            {(['add', 'remove'] as const).map((value) => (
              <RadioGroup.Item key={value} value={value}>
                <RadioGroup.ItemHiddenInput />
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText>{t(`tagging.bulk.actions.${value}`)}</RadioGroup.ItemText>
              </RadioGroup.Item>
            ))}
          </Stack>
        </RadioGroup.Root>
        {options.isPending ? (
          <Spinner aria-label={t('loading.label')} />
        ) : options.isError ? (
          <InlineError
            message={t('tagging.bulk.loadFailed')}
            error={options.error}
            onRetry={() => void options.refetch()}
          />
        ) : (
          PICKABLE_TAG_CLASSIFICATIONS.map((classificationId) => (
            <Stack key={classificationId} gap="2" role="group" aria-labelledby={`tags-${classificationId}`}>
              <Heading as="h3" size="sm" id={`tags-${classificationId}`}>
                {t(`classifications.${classificationId}`)}
              </Heading>
              {/* A sub-tag (SPEC §3) follows its parent, set in under it, as in the wizard. */}
              {tagTree(
                items.filter((i) => i.classificationId === classificationId),
                language,
              ).map(({ tag: option, depth }) => (
                <Checkbox.Root
                  key={option.id}
                  size="sm"
                  ps={depth * 6}
                  checked={picked.has(option.id)}
                  onCheckedChange={() => toggle(option.id)}
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>{option.label}</Checkbox.Label>
                </Checkbox.Root>
              ))}
              {classificationId === ENRICHMENT_CLASSIFICATIONS.tags && action === 'add' ? (
                <NewTagField
                  existing={items.filter((i) => i.classificationId === classificationId)}
                  onChosen={(tag) => setPicked((before) => new Set(before).add(tag.id))}
                />
              ) : null}
            </Stack>
          ))
        )}
        <Text fontSize="sm" color="fg.muted">
          {t('tagging.bulk.limit', { max: LIMITS.taggingMaxAssets })}
        </Text>
      </Stack>
    </AppDialog>
  );
}
