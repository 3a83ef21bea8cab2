import {
  Box,
  Button,
  Checkbox,
  Fieldset,
  Grid,
  Heading,
  HStack,
  IconButton,
  Input,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import {
  COPYRIGHT_COUNTRIES,
  COPYRIGHT_KINDS,
  COPYRIGHT_NOTES_KEY,
  COPYRIGHT_STATES,
  LIMITS,
  type MetadataDefinitionSummary,
} from '@paddock/rules';
import { Plus, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../components/ui/field';
import { Select } from '../../components/ui/select';
import { MetadataField } from './metadata-field';
import type { Wizard } from './use-wizard';
import {
  emptyCopyright,
  everyAssetHas,
  mandatoryDefinitions,
  withMetadataValue,
  type CopyrightDraft,
} from './working-state';

interface StepProps {
  wizard: Wizard;
  definitions: readonly MetadataDefinitionSummary[];
  /** Problems to show: those of the step once the user tried to go on. */
  errorOf(field: string): string | undefined;
}

function CopyrightOptionFields({
  n,
  option,
  error,
  onChange,
  onRemove,
}: {
  n: number;
  option: CopyrightDraft;
  error?: string;
  onChange(option: CopyrightDraft): void;
  onRemove(): void;
}) {
  const { t } = useTranslation();
  const legend = t('enrichment.fields.copyrightOption', { n });
  return (
    <Fieldset.Root borderWidth="1px" rounded="l2" p="4" invalid={!!error}>
      <HStack justify="space-between">
        <Fieldset.Legend fontWeight="semibold">{legend}</Fieldset.Legend>
        <IconButton
          aria-label={t('enrichment.copyright.remove', { n })}
          variant="ghost"
          size="sm"
          onClick={onRemove}
        >
          <Trash2 />
        </IconButton>
      </HStack>
      <Grid templateColumns={{ base: '1fr', md: 'repeat(4, 1fr)' }} gap="3" alignItems="end">
        <Field label={t('enrichment.copyright.kind')}>
          <Select
            value={option.kind}
            options={COPYRIGHT_KINDS.map((k) => ({ value: k, label: t(`enrichment.copyright.kinds.${k}`) }))}
            onChange={(kind) => onChange({ ...option, kind })}
          />
        </Field>
        <Field label={t('enrichment.copyright.state')} required>
          <Select
            value={option.state}
            options={COPYRIGHT_STATES.map((s) => ({
              value: s,
              label: t(`enrichment.copyright.states.${s}`),
            }))}
            onChange={(state) => onChange({ ...option, state })}
          />
        </Field>
        <Field label={t('enrichment.copyright.country')}>
          <Select
            value={option.country}
            options={[
              { value: '', label: t('enrichment.choose') },
              ...COPYRIGHT_COUNTRIES.map((c) => ({
                value: c,
                label: t(`enrichment.copyright.countries.${c}`),
              })),
            ]}
            onChange={(country) => onChange({ ...option, country })}
          />
        </Field>
        <Checkbox.Root
          checked={option.perpetual}
          onCheckedChange={(e) => onChange({ ...option, perpetual: e.checked === true })}
          mb="2"
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{t('enrichment.copyright.perpetual')}</Checkbox.Label>
        </Checkbox.Root>
      </Grid>
      {option.perpetual ? null : (
        <Box maxW="xs">
          <Field label={t('enrichment.copyright.toDate')} required={option.state === 'presente'}>
            <Input
              value={option.toDate}
              placeholder={t('enrichment.datePlaceholder')}
              onChange={(e) => onChange({ ...option, toDate: e.currentTarget.value })}
            />
          </Field>
        </Box>
      )}
      {error ? <Fieldset.ErrorText>{error}</Fieldset.ErrorText> : null}
    </Fieldset.Root>
  );
}

/** Step 2 (SPEC §2): up to 4 copyright options, the copyright notes and the mandatory metadata. */
export function CopyrightStep({ wizard, definitions, errorOf }: StepProps) {
  const { t } = useTranslation();
  const { state, update } = wizard;
  const mandatory = mandatoryDefinitions(definitions);
  const setOption = (i: number, next: CopyrightDraft) =>
    update((s) => ({ ...s, copyright: s.copyright.map((o, j) => (j === i ? next : o)) }));

  return (
    <Stack gap="8">
      <Stack gap="4" as="section" aria-labelledby="copyright-heading">
        <Heading as="h2" size="md" id="copyright-heading">
          {t('enrichment.copyright.title')}
        </Heading>
        {state.copyright.length === 0 ? <Text color="fg.muted">{t('enrichment.copyright.none')}</Text> : null}
        {state.copyright.map((option, i) => (
          <CopyrightOptionFields
            key={i}
            n={i + 1}
            option={option}
            error={errorOf(`copyright-${i + 1}`)}
            onChange={(next) => setOption(i, next)}
            onRemove={() => update((s) => ({ ...s, copyright: s.copyright.filter((_, j) => j !== i) }))}
          />
        ))}
        <Button
          alignSelf="start"
          variant="outline"
          size="sm"
          disabled={state.copyright.length >= LIMITS.copyrightOptionsMax}
          onClick={() => update((s) => ({ ...s, copyright: [...s.copyright, emptyCopyright()] }))}
        >
          <Plus />
          {t('enrichment.copyright.add', { max: LIMITS.copyrightOptionsMax })}
        </Button>
        <Field label={t('enrichment.copyright.notes')} error={errorOf(COPYRIGHT_NOTES_KEY)}>
          <Textarea
            value={state.copyrightNotes}
            onChange={(e) => {
              const copyrightNotes = e.currentTarget.value;
              update((s) => ({ ...s, copyrightNotes }));
            }}
          />
        </Field>
      </Stack>
      <Stack gap="4" as="section" aria-labelledby="mandatory-heading">
        <Heading as="h2" size="md" id="mandatory-heading">
          {t('enrichment.copyright.mandatoryTitle')}
        </Heading>
        {mandatory.length === 0 ? (
          <Text color="fg.muted">{t('enrichment.copyright.noMandatory')}</Text>
        ) : null}
        <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
          {mandatory.map((def) => (
            <MetadataField
              key={def.key}
              definition={def}
              value={state.metadata[def.key] ?? ''}
              onChange={(value) => update((s) => withMetadataValue(s, def.key, value))}
              required={!everyAssetHas(wizard.assets, def.key)}
              error={errorOf(def.key)}
              helper={
                everyAssetHas(wizard.assets, def.key) ? t('enrichment.copyright.alreadySet') : undefined
              }
            />
          ))}
        </Grid>
      </Stack>
    </Stack>
  );
}
