import {
  COPYRIGHT_NOTES_KEY,
  ENRICHMENT_ERROR_CODES as CODES,
  checkMetadataValue,
  checkVin,
  copyrightProblem,
  decodeVin,
  isLatin1,
  normalizePlate,
  plateFormatsOf,
  vinPlateProblem,
  type EnrichmentErrorCode,
  type MetadataDefinitionSummary,
  type VinDecode,
  type VinProblem,
} from '@paddock/rules';
import {
  copyrightOptionsOf,
  everyAssetHas,
  mandatoryDefinitions,
  optionalDefinitions,
  type WorkingState,
} from './working-state';

export type WizardStep = 'product' | 'copyright' | 'tag' | 'summary';
export const WIZARD_STEPS: readonly WizardStep[] = ['product', 'copyright', 'tag', 'summary'];

/** A field the step cannot go on with, in the hub's own terms (the same codes it refuses with). */
export interface FieldProblem {
  /** A metadata key (vin-2, utilizzo), or copyright-N. */
  field: string;
  code: EnrichmentErrorCode;
  problem?: string;
}

/** What the form says beside a VIN as it is typed: a refusal, or the check-digit warning, and the decode. */
export interface VinFeedback {
  error: VinProblem | null;
  checkDigitWarning: boolean;
  decode: VinDecode | null;
}

export function vinFeedback(raw: string): VinFeedback {
  if (raw.trim() === '') return { error: null, checkDigitWarning: false, decode: null };
  const check = checkVin(raw);
  if (!check.ok)
    return {
      error: check.problem,
      checkDigitWarning: false,
      decode: check.problem === 'checkDigit' ? decodeVin(check.vin) : null,
    };
  return { error: null, checkDigitWarning: check.warnings.length > 0, decode: decodeVin(check.vin) };
}

/** A plate's soft check (SPEC §5 Latin-1 refuses; an unknown IT/FR/DE format only warns). */
export function plateFeedback(raw: string): { latin1: boolean; formatWarning: boolean } {
  if (normalizePlate(raw) === '') return { latin1: true, formatWarning: false };
  return { latin1: isLatin1(raw), formatWarning: plateFormatsOf(raw).length === 0 };
}

type Metadata = readonly { key: string; value: string }[];

function valueProblems(defs: readonly MetadataDefinitionSummary[], state: WorkingState): FieldProblem[] {
  return defs.flatMap((def) => {
    const value = state.metadata[def.key]?.trim() ?? '';
    if (value === '') return [];
    const checked = checkMetadataValue(def, value);
    return checked.ok ? [] : [{ field: checked.field, code: checked.code }];
  });
}

/** Why a step cannot be left forward, field by field (empty when it can). */
export function stepProblems(
  step: WizardStep,
  state: WorkingState,
  definitions: readonly MetadataDefinitionSummary[],
  assets: readonly { metadata: Metadata }[],
): FieldProblem[] {
  switch (step) {
    case 'product':
      return state.vinTarga.flatMap((pair, i) => {
        const problem = vinPlateProblem(pair, i + 1);
        return problem ? [problem] : [];
      });
    case 'copyright': {
      const problems: FieldProblem[] = copyrightOptionsOf(state.copyright).flatMap((option, i) => {
        const problem = copyrightProblem(option);
        return problem ? [{ field: `copyright-${i + 1}`, ...problem }] : [];
      });
      if (!isLatin1(state.copyrightNotes))
        problems.push({ field: COPYRIGHT_NOTES_KEY, code: CODES.NOT_LATIN1 });
      const mandatory = mandatoryDefinitions(definitions);
      for (const def of mandatory)
        if (!state.metadata[def.key]?.trim() && !everyAssetHas(assets, def.key))
          problems.push({ field: def.key, code: CODES.MANDATORY_MISSING });
      return [...problems, ...valueProblems(mandatory, state)];
    }
    case 'tag':
      return valueProblems(optionalDefinitions(definitions, state), state);
    case 'summary':
      return [];
  }
}
