import { Grid, Heading, Stack, Text } from '@chakra-ui/react';
import type { MetadataDefinitionSummary, TagSummary } from '@paddock/rules';
import { useTranslation } from 'react-i18next';
import { MetadataField } from './metadata-field';
import { TagChecklist } from './tag-checklist';
import type { Wizard } from './use-wizard';
import { optionalDefinitions, withMetadataValue } from './working-state';

interface TagStepProps {
  wizard: Wizard;
  definitions: readonly MetadataDefinitionSummary[];
  tags: readonly TagSummary[];
  errorOf(field: string): string | undefined;
}

/** Step 3 (SPEC §2): free tags and the other metadata, from the provider's definitions. */
export function TagStep({ wizard, definitions, tags, errorOf }: TagStepProps) {
  const { t } = useTranslation();
  const { state, update } = wizard;
  const optional = optionalDefinitions(definitions, state);
  return (
    <Stack gap="8">
      <TagChecklist
        legend={t('enrichment.tag.tags')}
        empty={t('enrichment.tag.noTags')}
        tags={tags}
        selected={state.tags}
        onChange={(chosen) => update((s) => ({ ...s, tags: chosen }))}
      />
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
