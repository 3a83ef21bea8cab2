import { Alert, Box, Button, Checkbox, Stack, Text } from '@chakra-ui/react';
import {
  E_CODES,
  SHARE_ERROR_CODES,
  isStrongSharePassword,
  plateBoxRequired,
  type AssetDetail,
  type RegistryRecord,
} from '@paddock/rules';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error';
import { registryKeys, registryRecordQueryOptions, sharePublishRegistry } from '../../api/registry.api';
import { useLanguage } from '../../i18n/use-language';
import { boxRequiredAssets } from '../plates/plate-errors';
import { SharePlatesCheck } from '../plates/share-plates-check';
import { usePlateViews } from '../plates/use-plate-views';
import { RecordPublishing } from '../registry/registry-publishing';
import { isShareExpiryValid, requestOf } from '../sharing/external-share-dialog';
import { shareKeys } from '../sharing/external-shares.api';
import { ShareDetailsStep, newShareDetails, type ShareDetails } from '../sharing/share-details-step';
import { shareCodeText, shareRefusal } from '../sharing/share-errors';
import { ShareResultStep } from '../sharing/share-result-step';
import type { WizardSelection } from './working-state';

/** The registry records the selected assets are filed under (SPEC §3 registry-id), each once. */
export function registryIdsOf(assets: readonly Pick<AssetDetail, 'registryId'>[]): string[] {
  return [...new Set(assets.flatMap((a) => (a.registryId ? [a.registryId] : [])))];
}

export interface SharePublish {
  /** The record the selection is filed under, once read; null when there is none to publish. */
  record: RegistryRecord | null;
  chosen: boolean;
  /** Whether confirming may go ahead: the option off, or its share details complete. */
  ready: boolean;
  /** Runs the share-and-publish (after the enrichment job completed), when chosen. */
  run(): void;
  section: ReactNode;
  outcome: ReactNode;
}

/**
 * SPEC §2 step 4's share-and-publish option: the registry record the selected assets are filed
 * under (titled 'type: name - Rif: sfId', ADP 'type - Rif: sfId'), and, when chosen, a link share of
 * the assets — the external share's own details and password — after which the record is published
 * (`POST /api/registry/share-publish/:id`, through the one external-share service). E059 clears the
 * record shown; E062 (the share failed) publishes nothing.
 */
export function useSharePublish(
  assets: readonly AssetDetail[],
  selection: WizardSelection,
  /** The wizard records a plate: it is written before the share runs, so the share must find a box. */
  recordsPlate: boolean,
): SharePublish {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const queryClient = useQueryClient();
  const ids = registryIdsOf(assets);
  const id = ids.length === 1 ? ids[0]! : null;
  const registry = useQuery({ ...registryRecordQueryOptions(id ?? ''), enabled: id !== null });
  const record = id && registry.data ? registry.data : null;
  const [chosen, setChosen] = useState(false);
  const [details, setDetails] = useState<ShareDetails>(() => newShareDetails(language));
  const onEnded = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: shareKeys.all }),
    [queryClient],
  );
  const share = useMutation({
    mutationFn: (r: RegistryRecord) =>
      sharePublishRegistry(
        r.id,
        requestOf(
          'link',
          { ...details, name: details.name.trim() || r.title },
          selection.contentIds,
          selection.folderId,
        ),
      ),
    onSuccess: (answer) => queryClient.setQueryData(registryKeys.record(answer.record.id), answer.record),
    onError: (error) => {
      const named = boxRequiredAssets(error);
      if (named) setPlateRefused((known) => [...known, ...named]);
    },
  });
  // SPEC §6: sharing only where each asset may be shared from (archives, with the share right).
  const mayShare = assets.length > 0 && assets.every((a) => a.actions?.share === true);
  const on = chosen && record !== null && mayShare;
  const expiryValid = isShareExpiryValid(details, new Date());
  // The plates of the images shared (docs/plates.md): none may leave with a recorded plate and no box.
  const [plateRefused, setPlateRefused] = useState<readonly string[]>([]);
  const plateIds = useMemo(
    () => [...new Set([...assets.filter((a) => a.type === 'IMAGE').map((a) => a.id), ...plateRefused])],
    [assets, plateRefused],
  );
  const plates = usePlateViews(on ? plateIds : []);
  const plateViews = recordsPlate ? plates.views.map((v) => ({ ...v, plateRecorded: true })) : plates.views;
  const needBox = plateViews.some(plateBoxRequired);
  const ready =
    !on || (isStrongSharePassword(details.password) && expiryValid && !plates.loading && !needBox);

  const failure = share.error
    ? (shareRefusal(share.error, t) ??
      (boxRequiredAssets(share.error) ? t('plates.share.required', { count: plateRefused.length }) : null) ??
      (isApiError(share.error) && share.error.code === E_CODES.SHARE_PUBLISH_FAILED
        ? t(`error.codes.${E_CODES.SHARE_PUBLISH_FAILED}`)
        : t('enrichment.share.failed')))
    : null;
  const failureCode = isApiError(share.error) ? share.error.shownCode : undefined;

  const section =
    id === null && ids.length === 0 ? null : (
      <Box
        as="section"
        aria-labelledby="share-publish-heading"
        borderWidth="1px"
        rounded="l2"
        p="4"
        bg="bg.subtle"
      >
        <Stack gap="3">
          <Text id="share-publish-heading" fontWeight="semibold">
            {t('enrichment.share.title')}
          </Text>
          {ids.length > 1 ? (
            <Text color="fg.muted">{t('enrichment.share.several')}</Text>
          ) : registry.isError ? (
            // SPEC §8 E059: the record is cleared; nothing to publish.
            <Alert.Root status="warning" role="alert">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>
                  {isApiError(registry.error) && registry.error.code === E_CODES.REGISTRY_FAILED
                    ? t(`error.codes.${E_CODES.REGISTRY_FAILED}`)
                    : t('enrichment.share.unavailable')}
                </Alert.Title>
                {isApiError(registry.error) ? (
                  <Alert.Description>{t('error.code', { 0: registry.error.shownCode })}</Alert.Description>
                ) : null}
              </Alert.Content>
            </Alert.Root>
          ) : record ? (
            <>
              <RecordPublishing record={record} mayPublish={mayShare && !share.isPending} />
              {share.data ? null : !mayShare ? (
                <Text color="fg.muted">{t('enrichment.share.notHere')}</Text>
              ) : (
                <Checkbox.Root
                  checked={chosen}
                  onCheckedChange={(e) => setChosen(e.checked === true)}
                  disabled={share.isPending}
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>{t('enrichment.share.option')}</Checkbox.Label>
                </Checkbox.Root>
              )}
              {on && !share.data ? (
                <Stack gap="3" pl={{ base: '0', md: '6' }}>
                  <Text color="fg.muted" fontSize="sm">
                    {t('enrichment.share.help')}
                  </Text>
                  <ShareDetailsStep
                    type="link"
                    details={{ ...details, name: details.name || record.title }}
                    onChange={setDetails}
                    recent={[]}
                    recipientsProblem={null}
                    expiryProblem={expiryValid ? null : shareCodeText(t, SHARE_ERROR_CODES.BAD_EXPIRY)}
                  />
                  {plateIds.length ? (
                    <SharePlatesCheck views={plateViews} loading={plates.loading} refused={plateRefused} />
                  ) : null}
                </Stack>
              ) : null}
            </>
          ) : (
            <Text color="fg.muted">{t('loading.label')}</Text>
          )}
        </Stack>
      </Box>
    );

  const outcome = share.isPending ? (
    <Text role="status">{t('enrichment.share.working')}</Text>
  ) : failure ? (
    <Alert.Root status="error" role="alert">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{failure}</Alert.Title>
        {failureCode ? <Alert.Description>{t('error.code', { 0: failureCode })}</Alert.Description> : null}
      </Alert.Content>
      {record ? (
        <Button size="sm" variant="outline" onClick={() => share.mutate(record)}>
          {t('enrichment.share.retry')}
        </Button>
      ) : null}
    </Alert.Root>
  ) : share.data ? (
    <Stack gap="3" as="section" aria-label={t('enrichment.share.title')}>
      <Text fontWeight="medium">{t('enrichment.share.done', { title: share.data.record.title })}</Text>
      <ShareResultStep jobId={share.data.jobId} onEnded={onEnded} />
    </Stack>
  ) : null;

  return {
    record,
    chosen: on,
    ready,
    run: () => {
      if (on && record) share.mutate(record);
    },
    section,
    outcome,
  };
}
