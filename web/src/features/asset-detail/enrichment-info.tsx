import { DataList, Heading, Stack, Text } from '@chakra-ui/react';
import {
  COPYRIGHT_KINDS,
  LIMITS,
  copyrightKey,
  decodeVin,
  plateKey,
  vinKey,
  type AssetMetadataEntry,
  type CopyrightKind,
} from '@paddock/rules';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../i18n/use-language';
import { formatMetadataValue } from '../assets/format';
import { enumLabel } from '../../i18n/enum-labels';

interface CopyrightRow {
  kind: CopyrightKind;
  n: number;
  state: string;
  country?: string;
  perpetual: boolean;
  todate?: string;
}

/** The copyright options the metadata holds, as the wizard wrote them (copyrightMetadata). */
function copyrightRows(value: (key: string) => string | undefined): CopyrightRow[] {
  const rows: CopyrightRow[] = [];
  for (const kind of COPYRIGHT_KINDS)
    for (let n = 1; n <= LIMITS.copyrightOptionsMax; n++) {
      const state = value(copyrightKey(kind, 'state', n));
      if (!state) continue;
      rows.push({
        kind,
        n,
        state,
        country: value(copyrightKey(kind, 'country', n)),
        perpetual: value(copyrightKey(kind, 'perpetual', n)) === 'true',
        todate: value(copyrightKey(kind, 'todate', n)),
      });
    }
  return rows;
}

/**
 * The asset's enrichment in the info panel (issue 13): VIN and plate pairs, with what the VIN says
 * offline, and the copyright options, in the interface language. AssetInfo leaves these keys out.
 */
export function EnrichmentInfo({ metadata }: { metadata: readonly AssetMetadataEntry[] }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const value = (key: string) => metadata.find((m) => m.key === key)?.value || undefined;
  const pairs = Array.from({ length: LIMITS.vinPlatePairsMax }, (_, i) => ({
    n: i + 1,
    vin: value(vinKey(i + 1)),
    plate: value(plateKey(i + 1)),
  })).filter((p) => p.vin || p.plate);
  const copyright = copyrightRows(value);
  if (!pairs.length && !copyright.length) return null;

  const vinText = (vin: string) => {
    const decoded = decodeVin(vin);
    const facts = [decoded.manufacturer, decoded.modelYear?.toString()].filter(Boolean).join(', ');
    return facts ? `${vin} (${facts})` : vin;
  };
  const copyrightText = (row: CopyrightRow) => {
    // A to-date in a form SPEC §5 does not display reads as no date ('').
    const until = row.todate ? formatMetadataValue('todate', row.todate, language) : '';
    return [
      enumLabel(t, 'copyrightState', row.state),
      row.country ? enumLabel(t, 'copyrightCountry', row.country) : null,
      row.perpetual
        ? t('assetDetail.enrichment.perpetual')
        : until
          ? t('assetDetail.enrichment.until', { date: until })
          : null,
    ]
      .filter(Boolean)
      .join(' · ');
  };

  return (
    <Stack gap="2">
      <Heading as="h3" size="sm">
        {t('assetDetail.enrichment.title')}
      </Heading>
      <DataList.Root orientation="horizontal" size="sm">
        {pairs.map((p) => (
          <DataList.Item key={`vin-${p.n}`}>
            <DataList.ItemLabel>{t('assetDetail.enrichment.vinPlate', { n: p.n })}</DataList.ItemLabel>
            <DataList.ItemValue>
              <Text>
                {p.vin ? vinText(p.vin) : '—'}
                {' / '}
                {p.plate ?? '—'}
              </Text>
            </DataList.ItemValue>
          </DataList.Item>
        ))}
        {copyright.map((row) => (
          <DataList.Item key={`${row.kind}-${row.n}`}>
            <DataList.ItemLabel>{enumLabel(t, 'copyrightKind', row.kind)}</DataList.ItemLabel>
            <DataList.ItemValue>{copyrightText(row)}</DataList.ItemValue>
          </DataList.Item>
        ))}
      </DataList.Root>
    </Stack>
  );
}
