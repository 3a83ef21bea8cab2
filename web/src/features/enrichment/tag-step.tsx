import { Grid, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { ENRICHMENT_CLASSIFICATIONS, type MetadataDefinitionSummary } from '@paddock/rules';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { tagOptionsQueryOptions } from '../../api/tagging.api';
import { useLanguage } from '../../i18n/use-language';
import { NewTagField } from '../tagging/new-tag-field';
import { InlineError } from '../ui/inline-error';
import { MetadataField } from './metadata-field';
import { TagChecklist } from './tag-checklist';
import type { Wizard } from './use-wizard';
import { optionalDefinitions, tagsOnAssets, withMetadataValue } from './working-state';

interface TagStepProps {
  wizard: Wizard;
  definitions: readonly MetadataDefinitionSummary[];
  errorOf(field: string): string | undefined;
}

/**
 * Step 3 (SPEC §2): free tags to add (from the one tag listing, shared with the smart bar's bulk
 * tagging, or created by typing them), those already on the selected assets to remove, and the
 * other metadata, from the provider's definitions.
 */
export function TagStep({ wizard, definitions, errorOf }: TagStepProps) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const { state, update } = wizard;
  const listed = useQuery(tagOptionsQueryOptions(language));
  const tags = (listed.data?.items ?? [])
    .filter((tag) => tag.classificationId === ENRICHMENT_CLASSIFICATIONS.tags)
    // The parent too: without it the checklist cannot set a sub-tag in under its tag (SPEC §3).
    .map(({ id, classificationId, names, parentId }) => ({ id, classificationId, names, parentId }));
  const present = tagsOnAssets(wizard.assets, ENRICHMENT_CLASSIFICATIONS.tags, language);
  const optional = optionalDefinitions(definitions, state);
  return (
    <Stack gap="8">
      {listed.isError ? (
        <InlineError
          message={t('tagging.bulk.loadFailed')}
          error={listed.error}
          onRetry={() => void listed.refetch()}
          retrying={listed.isFetching}
        />
      ) : listed.isPending ? (
        <Spinner aria-label={t('loading.label')} />
      ) : (
        <Stack gap="5">
          <TagChecklist
            legend={t('enrichment.tag.tags')}
            empty={t('enrichment.tag.noTags')}
            tags={tags}
            selected={state.tags}
            onChange={(chosen) => update((s) => ({ ...s, tags: chosen }))}
          />
          <NewTagField
            existing={tags}
            onChosen={(tag) =>
              update((s) => (s.tags.some((x) => x.id === tag.id) ? s : { ...s, tags: [...s.tags, tag] }))
            }
          />
        </Stack>
      )}
      {present.length ? (
        <Stack gap="1">
          <TagChecklist
            legend={t('enrichment.tag.present')}
            empty=""
            tags={present}
            selected={state.removedTags}
            onChange={(chosen) => update((s) => ({ ...s, removedTags: chosen }))}
          />
          <Text color="fg.muted" fontSize="sm">
            {t('enrichment.tag.presentHint')}
          </Text>
        </Stack>
      ) : null}
      <Stack gap="4" as="section" aria-labelledby="metadata-heading">
        <Heading as="h2" size="md" id="metadata-heading">
          {t('enrichment.tag.metadata')}
        </Heading>
        {optional.length === 0 ? <Text color="fg.muted">{t('enrichment.tag.noMetadata')}</Text> : null}
        <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
          {optional.map((def) => (
            <MetadataField
              key={def.key}
              definition={def}
              value={state.metadata[def.key] ?? ''}
              onChange={(value) => update((s) => withMetadataValue(s, def.key, value))}
              error={errorOf(def.key)}
            />
          ))}
        </Grid>
      </Stack>
    </Stack>
  );
}
