import { Checkbox, CheckboxGroup, Fieldset, Input, NativeSelect, Stack } from '@chakra-ui/react';
import { MULTI_VALUE_SEPARATOR, labelIn, type MetadataDefinitionSummary } from '@paddock/rules';
import { useTranslation } from 'react-i18next';
import { Field } from '../../components/ui/field';
import { fieldLabel } from './enrichment-texts';
import { useLanguage } from '../../i18n/use-language';

interface MetadataFieldProps {
  definition: MetadataDefinitionSummary;
  value: string;
  onChange(value: string): void;
  required?: boolean;
  error?: string;
  helper?: string;
}

/** One metadata value, its control chosen by the definition's type (SPEC §3: string, instant, enums, boolean). */
export function MetadataField({ definition, value, onChange, required, error, helper }: MetadataFieldProps) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const label = fieldLabel(t, definition.key, [definition], language);

  if (definition.type === 'multiEnum') {
    const values = value ? value.split(MULTI_VALUE_SEPARATOR) : [];
    return (
      <Fieldset.Root invalid={!!error}>
        <Fieldset.Legend fontSize="sm" fontWeight="medium">
          {label}
        </Fieldset.Legend>
        <CheckboxGroup value={values} onValueChange={(next) => onChange(next.join(MULTI_VALUE_SEPARATOR))}>
          <Stack direction="row" wrap="wrap" gap="4">
            {definition.options.map((option) => (
              <Checkbox.Root key={option.value} value={option.value}>
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{labelIn(option.names ?? {}, language) || option.name}</Checkbox.Label>
              </Checkbox.Root>
            ))}
          </Stack>
        </CheckboxGroup>
        {error ? <Fieldset.ErrorText>{error}</Fieldset.ErrorText> : null}
      </Fieldset.Root>
    );
  }

  const options =
    definition.type === 'boolean'
      ? [
          { value: 'true', name: t('enrichment.yes') },
          { value: 'false', name: t('enrichment.no') },
        ]
      : definition.options.map((o) => ({ value: o.value, name: labelIn(o.names ?? {}, language) || o.name }));
  return (
    <Field label={label} required={required} error={error} helper={helper}>
      {definition.type === 'singleEnum' || definition.type === 'boolean' ? (
        <NativeSelect.Root>
          <NativeSelect.Field value={value} onChange={(e) => onChange(e.currentTarget.value)}>
            <option value="">{t('enrichment.choose')}</option>
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.name}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      ) : (
        <Input
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
          placeholder={definition.type === 'instant' ? t('enrichment.datePlaceholder') : undefined}
          inputMode={definition.type === 'instant' ? 'numeric' : undefined}
        />
      )}
    </Field>
  );
}
