import { Badge, Button, HStack, Text } from '@chakra-ui/react';
import type { RegistryRecord } from '@paddock/rules';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { registryKeys, registryRecordQueryOptions, setRegistryPublished } from '../../api/registry.api';
import { useShowApiError } from '../ui/use-show-api-error';
import { ConfirmDialog } from '../workflow/confirm-dialog';

interface RecordPublishingProps {
  record: RegistryRecord;
  /** SPEC §6: the share right where the assets are looked at; the hub checks it on the record's folder. */
  mayPublish: boolean;
}

/**
 * A registry record's title, whether it is published, and, where the user may share, publish or
 * unpublish it (SPEC §7 `/registry/publish|unpublish/{id}`) after a confirmation.
 */
export function RecordPublishing({ record, mayPublish }: RecordPublishingProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const showApiError = useShowApiError();
  const [asking, setAsking] = useState(false);
  const published = record.publishedAt !== null;
  const change = useMutation({
    mutationFn: () => setRegistryPublished(record.id, !published),
    onSuccess: (next) => {
      queryClient.setQueryData(registryKeys.record(next.id), next);
      setAsking(false);
    },
    onError: (error) => {
      setAsking(false);
      showApiError(error);
    },
  });
  const action = published ? 'unpublish' : 'publish';

  return (
    <HStack gap="2" wrap="wrap">
      <Text color="fg.muted">{t('registry.record')}</Text>
      <Text fontWeight="medium" data-testid="registry-title">
        {record.title}
      </Text>
      <Badge colorPalette={published ? 'green' : 'gray'} data-testid="registry-state">
        {published ? t('registry.published') : t('registry.notPublished')}
      </Badge>
      {mayPublish ? (
        <Button size="xs" variant="outline" onClick={() => setAsking(true)} loading={change.isPending}>
          {t(`registry.${action}`)}
        </Button>
      ) : null}
      {asking ? (
        <ConfirmDialog
          title={t(`registry.${action}Title`, { title: record.title })}
          message={t(`registry.${action}Message`)}
          confirmLabel={t(`registry.${action}`)}
          busy={change.isPending}
          onConfirm={() => change.mutate()}
          onCancel={() => setAsking(false)}
        />
      ) : null}
    </HStack>
  );
}

/** The record an asset is filed under (SPEC §3 registry-id), loaded by id; nothing while it cannot be read. */
export function AssetRecordPublishing({ id, mayPublish }: { id: string; mayPublish: boolean }) {
  const record = useQuery(registryRecordQueryOptions(id));
  return record.data ? <RecordPublishing record={record.data} mayPublish={mayPublish} /> : null;
}
