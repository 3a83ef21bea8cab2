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
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertBanner } from '../../components/ui/alert-banner';
import { formatDateTime, jobNameLabel } from './format';
import { JobProgress } from './job-progress';
import { auditSentence } from './audit-sentence';
import { auditQueryOptions, jobQueryOptions } from './manage.queries';
import { summarisePayload } from './payload-summary';
import { StateBadge } from './state-badge';

const OUTCOME_PALETTE: Record<AssetOutcome['outcome'], string> = {
  done: 'green',
  unchanged: 'gray',
  junk: 'orange',
  failed: 'red',
};

const NO_SEARCH = { assetId: '', actor: '', from: '', to: '' };

/**
 * A job in full: its facts, then for workflow jobs what happened to each asset as a sentence with
 * names (its audit rows); other jobs show what they were asked to do.
 */
export function JobDetailDrawer({ jobId, onClose }: { jobId: string; onClose(): void }) {
  const { t, i18n } = useTranslation();
  const job = useQuery(jobQueryOptions(jobId));
  // The job's own audit rows name its assets and folders: the drawer tells them as sentences.
  const audit = useInfiniteQuery(auditQueryOptions({ ...NO_SEARCH, jobId }, i18n.language));
  const told = (audit.data?.pages.flatMap((page) => page.items) ?? []).filter((row) => row.assetId);
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
                  {told.length ? (
                    <Stack gap="2">
                      <Heading as="h3" size="sm">
                        {t('manage.audit.what')}
                      </Heading>
                      <Stack as="ul" gap="1" listStyleType="none" m="0" data-testid="job-sentences">
                        {told.map((row) => (
                          <Text as="li" key={row.id} title={row.assetId ?? undefined}>
                            {auditSentence(t, row)}
                            {row.errorCode ? (
                              <Code colorPalette="red" ms="2">
                                {row.errorCode}
                              </Code>
                            ) : null}
                          </Text>
                        ))}
                      </Stack>
                    </Stack>
                  ) : null}
                  <Stack gap="2" hidden={told.length > 0}>
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
                  {job.data.outcomes?.length && !told.length ? (
                    <Outcomes outcomes={job.data.outcomes} />
                  ) : null}
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
