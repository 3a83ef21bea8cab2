import {
  COPYRIGHT_NOTES_KEY,
  ENRICHMENT_ERROR_CODES as CODES,
  MULTI_VALUE_SEPARATOR,
  labelIn,
  type Language,
  type MetadataDefinitionSummary,
  type VinProblem,
} from '@paddock/rules';
import type { TFunction } from 'i18next';
import { isApiError } from '../../api/api-error';
import type { ErrorDialogContent } from '../ui/ui-store';
import type { FieldProblem } from './validation';

/**
 * A field's name as the form shows it: VIN 2, Plate 1, Copyright option 3, or the key's name in the
 * catalogue (the glossary's word, as the asset detail shows it), else the definition's label.
 */
export function fieldLabel(
  t: TFunction,
  field: string,
  definitions: readonly MetadataDefinitionSummary[],
  language: Language,
): string {
  const numbered = /^(vin|targa|copyright)-(\d+)$/.exec(field);
  if (numbered) {
    const kinds = { vin: 'vin', targa: 'plate', copyright: 'copyrightOption' } as const;
    const kind = kinds[numbered[1] as keyof typeof kinds];
    return t(`enrichment.fields.${kind}`, { n: Number(numbered[2]) });
  }
  if (field === COPYRIGHT_NOTES_KEY) return t('enrichment.copyright.notes');
  const def = definitions.find((d) => d.key === field);
  return t(`metadataKeys.${field}`, { defaultValue: def ? labelIn(def.names, language) : field });
}

/**
 * A metadata value as the user reads it: option names for enums (the values themselves, listed, when
 * the options are unknown), yes or no for booleans.
 */
export function valueText(
  t: TFunction,
  def: Pick<MetadataDefinitionSummary, 'type' | 'options'> | undefined,
  value: string,
  language: Language,
): string {
  if (!def) return value;
  if (def.type === 'boolean') return value === 'true' ? t('enrichment.yes') : t('enrichment.no');
  if (def.type !== 'singleEnum' && def.type !== 'multiEnum') return value;
  return value
    .split(MULTI_VALUE_SEPARATOR)
    .map((v) => {
      const option = def.options.find((o) => o.value === v);
      return option ? labelIn(option.names ?? {}, language) || option.name : v;
    })
    .join(', ');
}

/** The sentence for a field's problem, in the hub's own words for the code (error.codes), naming the field. */
export function problemText(t: TFunction, problem: FieldProblem, label: string): string {
  if (problem.code === CODES.VIN_INVALID && problem.problem)
    return t(`enrichment.vin.problems.${problem.problem as VinProblem}`, { field: label });
  return t(`error.codes.${problem.code}`, { field: label });
}

const detailsField = (details: unknown): { field?: string; problem?: string } =>
  typeof details === 'object' && details !== null ? (details as { field?: string; problem?: string }) : {};

/** A refusal of the hub as the error dialog shows it, naming the field it is about; null for other failures. */
export function refusalDialog(
  t: TFunction,
  error: unknown,
  label: (field: string) => string,
): ErrorDialogContent | null {
  if (!isApiError(error) || !(Object.values(CODES) as string[]).includes(error.code)) return null;
  const { field, problem } = detailsField(error.details);
  const message = problemText(
    t,
    { code: error.code as FieldProblem['code'], field: field ?? '', problem },
    field ? label(field) : '',
  );
  return { code: error.code, message };
}
