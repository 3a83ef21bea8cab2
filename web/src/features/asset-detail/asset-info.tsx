import { Badge, DataList, Heading, HStack, Stack } from '@chakra-ui/react';
import {
  COPYRIGHT_KEYS,
  isHiddenMetadataKey,
  VIN_PLATE_KEYS,
  WORKFLOW_METADATA,
  type AssetDetail,
  type AssetMetadataEntry,
} from '@paddock/rules';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { enrichmentDefinitionsQueryOptions } from '../../api/enrichment.queries';
import { useLanguage } from '../../i18n/use-language';
import { valueText } from '../enrichment/enrichment-texts';
import {
  formatBytes,
  formatDate,
  formatDimensions,
  formatDuration,
  formatMetadataValue,
} from '../assets/format';
import { EnrichmentInfo } from './enrichment-info';
import { PublishedMark } from '../assets/published-mark';
import { TypeBadge } from '../assets/type-badge';
import { AssetRecordPublishing } from '../registry/registry-publishing';
import { enumLabel } from '../../i18n/enum-labels';
import { byClassification } from './classification-groups';
import { PreflightReport } from './preflight-report';

/** Metadata the provider extracts from the file, which the asset's own fields already show. */
const SHOWN_AS_FIELDS = ['size', 'resolution', 'duration'];

/**
 * The info panel: the asset's own fields, its folders, tags and visible metadata, labelled and
 * formatted in the interface language (the hub names folders and tags in it).
 */
export function AssetInfo({ asset }: { asset: AssetDetail }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  // The hub gives each value its definition's type and name; the definitions the wizard reads name
  // the options of enumerations ("stampa" reads Press in English) for whoever may enrich.
  const definitions = useQuery(enrichmentDefinitionsQueryOptions()).data?.metadata ?? [];
  const shown = ({ key, value, type }: AssetMetadataEntry) =>
    type === 'boolean' || type === 'singleEnum' || type === 'multiEnum'
      ? valueText(
          t,
          { type, options: definitions.find((d) => d.key === key)?.options ?? [] },
          value,
          language,
        )
      : formatMetadataValue(key, value, language);
  const rows: [string, string][] = [
    [t('assetDetail.info.type'), enumLabel(t, 'contentType', asset.type)],
    [t('assetDetail.info.extension'), asset.extension.toUpperCase()],
    [t('assetDetail.info.nameIt'), asset.names.IT],
    [t('assetDetail.info.nameEn'), asset.names.EN],
    [t('assetDetail.info.createdAt'), formatDate(asset.createdAt)],
    [t('assetDetail.info.updatedAt'), formatDate(asset.updatedAt)],
    [t('assetDetail.info.owner'), asset.owner],
    [t('assetDetail.info.version'), String(asset.version)],
    [t('assetDetail.info.size'), formatBytes(asset.size, language)],
    [t('assetDetail.info.mimeType'), asset.mimeType],
  ];
  if (asset.width && asset.height) {
    rows.push([t('assetDetail.info.dimensions'), formatDimensions(asset.width, asset.height)]);
  }
  if (asset.durationMs) rows.push([t('assetDetail.info.duration'), formatDuration(asset.durationMs)]);
  if (asset.folders.length) {
    rows.push([t('assetDetail.info.folders'), asset.folders.map((folder) => folder.name).join(', ')]);
  }
  // The workflow's own metadata is shown, readable, in the approval section instead, and what the
  // rows above already say (size, dimensions, duration) is not said twice; VIN, plates and
  // copyright options read as pairs and options in EnrichmentInfo.
  const shownAbove: readonly string[] = [
    ...Object.values(WORKFLOW_METADATA),
    ...SHOWN_AS_FIELDS,
    ...VIN_PLATE_KEYS,
    ...COPYRIGHT_KEYS,
  ];
  const metadata = asset.metadata.filter(
    (entry) =>
      !isHiddenMetadataKey(entry.key) &&
      !shownAbove.includes(entry.key) &&
      formatMetadataValue(entry.key, entry.value, language) !== '',
  );
  const metadataGroups = byClassification(metadata);
  const classificationName = (code: string) => t(`classifications.${code}`, { defaultValue: code });

  return (
    <Stack gap="5">
      <HStack gap="2">
        <TypeBadge asset={asset} />
        <PublishedMark published={asset.published} />
      </HStack>
      {/* Before the approval, the supplier and the approver see why a file warns or is blocked. */}
      {asset.preflight ? <PreflightReport preflight={asset.preflight} /> : null}
      {asset.registryId ? (
        <AssetRecordPublishing id={asset.registryId} mayPublish={asset.actions?.share === true} />
      ) : null}
      <DataList.Root orientation="horizontal" size="sm">
        {rows.map(([label, value]) => (
          <DataList.Item key={label}>
            <DataList.ItemLabel>{label}</DataList.ItemLabel>
            <DataList.ItemValue>{value}</DataList.ItemValue>
          </DataList.Item>
        ))}
      </DataList.Root>
      <EnrichmentInfo metadata={asset.metadata} />
      {asset.tags.length ? (
        <Stack gap="2">
          <Heading as="h3" size="sm">
            {t('assetDetail.info.tags')}
          </Heading>
          {/* SPEC §3: tags grouped by classification, each group named. */}
          <DataList.Root orientation="horizontal" size="sm">
            {byClassification(asset.tags).map(([code, tags]) => (
              <DataList.Item key={code}>
                <DataList.ItemLabel>{classificationName(code)}</DataList.ItemLabel>
                <DataList.ItemValue>
                  <HStack wrap="wrap" gap="2" role="list" aria-label={classificationName(code)}>
                    {tags.map((tag) => (
                      <Badge key={tag.id} variant="subtle" role="listitem">
                        {tag.label}
                      </Badge>
                    ))}
                  </HStack>
                </DataList.ItemValue>
              </DataList.Item>
            ))}
          </DataList.Root>
        </Stack>
      ) : null}
      {metadata.length ? (
        <Stack gap="2">
          <Heading as="h3" size="sm">
            {t('assetDetail.info.metadata')}
          </Heading>
          {/* SPEC §3: metadata grouped by classification; a group is named when there are several. */}
          {metadataGroups.map(([code, entries]) => (
            <Stack key={code} gap="1">
              {metadataGroups.length > 1 ? (
                <Heading as="h4" size="xs" color="fg.muted">
                  {classificationName(code)}
                </Heading>
              ) : null}
              <DataList.Root orientation="horizontal" size="sm">
                {entries.map((entry) => (
                  <DataList.Item key={entry.key}>
                    <DataList.ItemLabel>
                      {/* The catalogue's word first, as the wizard names the field (the glossary's). */}
                      {t(`metadataKeys.${entry.key}`, { defaultValue: entry.name ?? entry.key })}
                    </DataList.ItemLabel>
                    <DataList.ItemValue>{shown(entry)}</DataList.ItemValue>
                  </DataList.Item>
                ))}
              </DataList.Root>
            </Stack>
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}
