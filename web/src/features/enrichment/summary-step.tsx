import { Alert, Badge, Box, Button, Checkbox, DataList, HStack, List, Stack, Text } from '@chakra-ui/react';
import { labelIn, type CopyrightCountry, type MetadataDefinitionSummary } from '@paddock/rules';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { assetKeys } from '../../api/assets.queries';
import { useLanguage } from '../../i18n/use-language';
import { displayName } from '../assets/format';
import { useUiStore } from '../ui/ui-store-context';
import { useShowApiError } from '../ui/use-show-api-error';
import { ConfirmDialog } from '../workflow/confirm-dialog';
import { JobProgressBar } from '../workflow/job-progress-bar';
import { fieldLabel, refusalDialog, valueText } from './enrichment-texts';
import { useSharePublish } from './share-publish';
import { doneCount, useEnrichmentJob } from './use-enrichment-job';
import type { Wizard } from './use-wizard';
import { overwrittenBlocks, recordsPlate, toEnrichmentRequest, type CopyrightDraft } from './working-state';
import { enumLabel } from '../../i18n/enum-labels';

interface SummaryStepProps {
  wizard: Wizard;
  definitions: readonly MetadataDefinitionSummary[];
}

/** Step 4 (SPEC §2): what will be written, the overwrite warning (SPEC §5), confirmation, the job's progress and outcome. */
export function SummaryStep({ wizard, definitions }: SummaryStepProps) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const ui = useUiStore();
  const showApiError = useShowApiError();
  const queryClient = useQueryClient();
  const { state, update, selection } = wizard;
  const [asking, setAsking] = useState(false);
  const label = (field: string) => fieldLabel(t, field, definitions, language);
  const sharing = useSharePublish(
    wizard.assets,
    selection ?? { folderId: '', contentIds: [] },
    recordsPlate(state),
  );
  const job = useEnrichmentJob(
    (error) => {
      const dialog = refusalDialog(t, error, label);
      if (dialog) ui.showError(dialog);
      else showApiError(error);
    },
    (finished) => {
      const outcomes = finished?.outcomes ?? [];
      if (finished?.state === 'completed') {
        wizard.clear();
        ui.notify({
          message: {
            key: 'enrichment.summary.notice',
            params: { count: doneCount(outcomes), total: outcomes.length },
          },
        });
        // SPEC §2: share and publish the enriched assets' registry record, when the user chose to.
        sharing.run();
      } else
        ui.showError({ code: finished?.errorCode ?? undefined, message: t('enrichment.summary.failed') });
      void queryClient.invalidateQueries({ queryKey: assetKeys.all });
    },
  );
  if (!selection) return null;
  const blocks = overwrittenBlocks(state, wizard.assets);
  const send = () => {
    setAsking(false);
    wizard.confirming();
    void job.submit(toEnrichmentRequest(state, selection));
  };
  const confirm = () => (blocks.some((b) => state.overwrite[b]) ? setAsking(true) : send());
  const copyrightText = (o: CopyrightDraft) =>
    [
      t(`enrichment.copyright.kinds.${o.kind}`),
      t(`enrichment.copyright.states.${o.state}`),
      o.country ? t(`enrichment.copyright.countries.${o.country as CopyrightCountry}`) : null,
      o.perpetual
        ? t('enrichment.copyright.perpetual')
        : o.toDate
          ? t('enrichment.summary.until', { date: o.toDate })
          : null,
    ]
      .filter(Boolean)
      .join(' · ');
  const pairs = state.vinTarga.filter((p) => p.vin || p.targa);
  const metadata = Object.entries(state.metadata).filter(([, v]) => v.trim() !== '');
  const none = <Text color="fg.muted">{t('enrichment.summary.none')}</Text>;
  const assetName = (id: string) => {
    const asset = wizard.assets.find((a) => a.id === id);
    return asset ? displayName(asset.name, asset.extension) : id;
  };
  const finished = job.finished;

  return (
    <Stack gap="6">
      <DataList.Root orientation="horizontal" gap="4">
        <DataList.Item>
          <DataList.ItemLabel>{t('enrichment.product.products')}</DataList.ItemLabel>
          <DataList.ItemValue>
            {state.products.length ? state.products.map((p) => labelIn(p.names, language)).join(', ') : none}
          </DataList.ItemValue>
        </DataList.Item>
        {state.removedProducts.length ? (
          <DataList.Item>
            <DataList.ItemLabel>{t('enrichment.summary.removedProducts')}</DataList.ItemLabel>
            <DataList.ItemValue>
              {state.removedProducts.map((p) => labelIn(p.names, language)).join(', ')}
            </DataList.ItemValue>
          </DataList.Item>
        ) : null}
        <DataList.Item>
          <DataList.ItemLabel>{t('enrichment.product.vinTitle')}</DataList.ItemLabel>
          <DataList.ItemValue>
            {pairs.length ? (
              <List.Root variant="plain">
                {pairs.map((p, i) => (
                  <List.Item key={i}>
                    {[
                      t('common.labelValue', { label: label(`vin-${i + 1}`), value: p.vin || '—' }),
                      t('common.labelValue', { label: label(`targa-${i + 1}`), value: p.targa || '—' }),
                    ].join(' · ')}
                  </List.Item>
                ))}
              </List.Root>
            ) : (
              none
            )}
          </DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>{t('enrichment.copyright.title')}</DataList.ItemLabel>
          <DataList.ItemValue>
            {state.copyright.length ? (
              <List.Root variant="plain">
                {state.copyright.map((o, i) => (
                  <List.Item key={i}>{copyrightText(o)}</List.Item>
                ))}
              </List.Root>
            ) : (
              none
            )}
          </DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>{t('enrichment.tag.tags')}</DataList.ItemLabel>
          <DataList.ItemValue>
            {state.tags.length ? state.tags.map((tag) => labelIn(tag.names, language)).join(', ') : none}
          </DataList.ItemValue>
        </DataList.Item>
        {state.removedTags.length ? (
          <DataList.Item>
            <DataList.ItemLabel>{t('enrichment.summary.removedTags')}</DataList.ItemLabel>
            <DataList.ItemValue>
              {state.removedTags.map((tag) => labelIn(tag.names, language)).join(', ')}
            </DataList.ItemValue>
          </DataList.Item>
        ) : null}
        <DataList.Item>
          <DataList.ItemLabel>{t('enrichment.tag.metadata')}</DataList.ItemLabel>
          <DataList.ItemValue>
            {metadata.length ? (
              <List.Root variant="plain">
                {metadata.map(([key, value]) => (
                  <List.Item key={key}>
                    {t('common.labelValue', {
                      label: label(key),
                      value: valueText(
                        t,
                        definitions.find((d) => d.key === key),
                        value,
                        language,
                      ),
                    })}
                  </List.Item>
                ))}
              </List.Root>
            ) : (
              none
            )}
          </DataList.ItemValue>
        </DataList.Item>
      </DataList.Root>

      {sharing.section}

      {blocks.length && !finished ? (
        <Alert.Root status="warning" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('enrichment.summary.overwriteTitle')}</Alert.Title>
            <Alert.Description>
              <Stack gap="2" mt="1">
                <Text>{t('enrichment.summary.overwriteText')}</Text>
                {blocks.map((block) => (
                  <Checkbox.Root
                    key={block}
                    checked={state.overwrite[block]}
                    onCheckedChange={(e) =>
                      update((s) => ({ ...s, overwrite: { ...s.overwrite, [block]: e.checked === true } }))
                    }
                  >
                    <Checkbox.HiddenInput />
                    <Checkbox.Control />
                    <Checkbox.Label>{t(`enrichment.summary.overwrite.${block}`)}</Checkbox.Label>
                  </Checkbox.Root>
                ))}
              </Stack>
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : null}

      <JobProgressBar progress={job.progress} />

      {finished ? (
        <Box as="section" aria-label={t('enrichment.summary.results')}>
          <Text fontWeight="semibold" mb="2">
            {t('enrichment.summary.results')}
          </Text>
          <List.Root variant="plain" gap="1">
            {(finished.outcomes ?? []).map((o) => (
              <List.Item key={o.contentId}>
                <HStack gap="2">
                  <Badge colorPalette={o.outcome === 'failed' ? 'red' : 'green'}>
                    {enumLabel(t, 'assetOutcome', o.outcome)}
                  </Badge>
                  <Text>{assetName(o.contentId)}</Text>
                  {o.errorCode ? <Text color="fg.muted">{t('error.code', { 0: o.errorCode })}</Text> : null}
                </HStack>
              </List.Item>
            ))}
          </List.Root>
        </Box>
      ) : null}

      {sharing.outcome}

      <HStack>
        {finished ? (
          <Button onClick={wizard.backToListing}>{t('enrichment.backToListing')}</Button>
        ) : (
          <Button
            onClick={confirm}
            loading={job.submitting || job.progress !== null}
            disabled={!sharing.ready}
          >
            {t('enrichment.summary.confirm')}
          </Button>
        )}
      </HStack>

      {asking ? (
        <ConfirmDialog
          title={t('enrichment.summary.overwriteTitle')}
          message={t('enrichment.summary.overwriteQuestion')}
          confirmLabel={t('enrichment.summary.proceed')}
          busy={false}
          onConfirm={send}
          onCancel={() => setAsking(false)}
        />
      ) : null}
    </Stack>
  );
}
