import { Grid, IconButton, Input } from '@chakra-ui/react';
import { normalizePlate, normalizeVin, vinKey, type VinPlatePair } from '@paddock/rules';
import { Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../components/ui/field';
import { plateFeedback, vinFeedback } from './validation';

interface VinPlateRowProps {
  /** 1-based: the pair's keys are vin-N and targa-N. */
  n: number;
  pair: VinPlatePair;
  onChange(pair: VinPlatePair): void;
  /** Absent for the only row. */
  onRemove?: () => void;
}

/**
 * One VIN and plate pair, checked as typed (issue 13): the VIN refused for its length, I/O/Q or a
 * North-American check digit, warned for another check digit, and decoded offline beside the field;
 * the plate trimmed and upper-cased, warned when no IT/FR/DE format matches.
 */
export function VinPlateRow({ n, pair, onChange, onRemove }: VinPlateRowProps) {
  const { t } = useTranslation();
  const vinLabel = t('enrichment.fields.vin', { n });
  const vin = vinFeedback(pair.vin);
  const plate = plateFeedback(pair.targa);
  const decode = vin.decode
    ? [
        vin.decode.manufacturer
          ? t('enrichment.vin.maker', { maker: vin.decode.manufacturer })
          : t('enrichment.vin.unknownMaker', { wmi: vin.decode.wmi }),
        vin.decode.modelYear ? t('enrichment.vin.modelYear', { year: vin.decode.modelYear }) : null,
      ]
        .filter(Boolean)
        .join(' · ')
    : null;
  const vinHelper = [decode, vin.checkDigitWarning ? t('enrichment.vin.checkDigitWarning') : null]
    .filter(Boolean)
    .join(' — ');

  return (
    <Grid
      templateColumns={{ base: '1fr', md: '2fr 1fr auto' }}
      gap="3"
      alignItems="start"
      data-testid={vinKey(n)}
    >
      <Field
        label={vinLabel}
        error={vin.error ? t(`enrichment.vin.problems.${vin.error}`, { field: vinLabel }) : undefined}
        helper={vinHelper || t('enrichment.vin.hint')}
      >
        <Input
          value={pair.vin}
          maxLength={24}
          fontFamily="mono"
          autoComplete="off"
          spellCheck={false}
          onChange={(e) => onChange({ ...pair, vin: e.currentTarget.value.toUpperCase() })}
          onBlur={() => onChange({ ...pair, vin: normalizeVin(pair.vin) })}
        />
      </Field>
      <Field
        label={t('enrichment.fields.plate', { n })}
        error={plate.latin1 ? undefined : t('enrichment.plate.latin1')}
        helper={plate.formatWarning ? t('enrichment.plate.formatWarning') : undefined}
      >
        <Input
          value={pair.targa}
          maxLength={20}
          autoComplete="off"
          onChange={(e) => onChange({ ...pair, targa: e.currentTarget.value.toUpperCase() })}
          onBlur={() => onChange({ ...pair, targa: normalizePlate(pair.targa) })}
        />
      </Field>
      {onRemove ? (
        <IconButton
          aria-label={t('enrichment.vin.remove', { n })}
          variant="ghost"
          mt={{ md: '6' }}
          onClick={onRemove}
        >
          <Trash2 />
        </IconButton>
      ) : null}
    </Grid>
  );
}
