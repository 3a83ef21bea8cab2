import {
  Badge,
  CloseButton,
  Code,
  DataList,
  Drawer,
  Heading,
  Portal,
  Skeleton,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import type { AssetOutcome } from '@paddock/rules';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertBanner } from '../../components/ui/alert-banner';
import { formatDateTime, jobNameLabel } from './format';
import { JobProgress } from './job-progress';
import { jobQueryOptions } from './manage.queries';
import { summarisePayload } from './payload-summary';
import { StateBadge } from './state-badge';

const OUTCOME_PALETTE: Record<AssetOutcome['outcome'], string> = {
  done: 'green',
  unchanged: 'gray',
  junk: 'orange',
  failed: 'red',
};

/** A job in full: its facts, what it was asked to do and, for workflow jobs, each asset's outcome. */
export function JobDetailDrawer({ jobId, onClose }: { jobId: string; onClose(): void }) {
  const { t, i18n } = useTranslation();
  const job = useQuery(jobQueryOptions(jobId));
  return (
    <Drawer.Root open size="md" onOpenChange={(details) => (details.open ? undefined : onClose())}>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content>
            <Drawer.Header>
              <Drawer.Title>
                {job.data ? jobNameLabel(t, job.data.name) : t('manage.detail.title')}
              </Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              {job.isPending ? <Skeleton height="40" /> : null}
              {job.isError ? <AlertBanner>{t('manage.errors.job')}</AlertBanner> : null}
              {job.data ? (
                <Stack gap="6">
                  <DataList.Root orientation="horizontal" size="sm">
                    <Item label={t('manage.detail.id')} value={<Code>{job.data.id}</Code>} />
                    <Item label={t('manage.jobs.state')} value={<StateBadge state={job.data.state} />} />
                    <Item
                      label={t('manage.jobs.progress')}
                      value={<JobProgress value={job.data.progress} />}
                    />
                    <Item label={t('manage.jobs.attempts')} value={job.data.attempts} />
                    <Item
                      label={t('manage.jobs.error')}
                      value={job.data.errorCode ? <Code colorPalette="red">{job.data.errorCode}</Code> : '—'}
                    />
                    <Item label={t('manage.jobs.submitter')} value={job.data.createdBy} />
                    <Item
                      label={t('manage.jobs.created')}
                      value={formatDateTime(job.data.createdAt, i18n.language)}
                    />
                    <Item
                      label={t('manage.jobs.finished')}
                      value={formatDateTime(job.data.finishedAt, i18n.language) || '—'}
                    />
                  </DataList.Root>
                  <Stack gap="2">
                    <Heading as="h3" size="sm">
                      {t('manage.detail.payload')}
                    </Heading>
                    {summarisePayload(job.data.payload).length ? (
                      <DataList.Root orientation="horizontal" size="sm">
                        {summarisePayload(job.data.payload).map((line) => (
                          <Item
                            key={line.key}
                            label={line.key}
                            value={<Text wordBreak="break-all">{line.value}</Text>}
                          />
                        ))}
                      </DataList.Root>
                    ) : (
                      <Text color="fg.muted">{t('manage.detail.noPayload')}</Text>
                    )}
                  </Stack>
                  {job.data.outcomes?.length ? <Outcomes outcomes={job.data.outcomes} /> : null}
                </Stack>
              ) : null}
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('manage.detail.close')} />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}

function Item({ label, value }: { label: string; value: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue>{value}</DataList.ItemValue>
    </DataList.Item>
  );
}

function Outcomes({ outcomes }: { outcomes: AssetOutcome[] }) {
  const { t } = useTranslation();
  return (
    <Stack gap="2">
      <Heading as="h3" size="sm">
        {t('manage.detail.outcomes')}
      </Heading>
      <Table.Root size="sm" aria-label={t('manage.detail.outcomes')}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('manage.detail.asset')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('manage.detail.outcome')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('manage.jobs.error')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {outcomes.map((outcome) => (
            <Table.Row key={outcome.contentId}>
              <Table.Cell>
                <Code>{outcome.contentId}</Code>
              </Table.Cell>
              <Table.Cell>
                <Badge colorPalette={OUTCOME_PALETTE[outcome.outcome]}>
                  {t(`manage.outcomes.${outcome.outcome}`)}
                </Badge>
              </Table.Cell>
              <Table.Cell>
                {outcome.errorCode ? <Code colorPalette="red">{outcome.errorCode}</Code> : null}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Stack>
  );
}
