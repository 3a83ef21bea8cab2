import { Button, Code, HStack, Stack, Table, Text } from '@chakra-ui/react';
import type { JobSummary } from '@paddock/rules';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../i18n/use-language';
import { AssetsPhrase } from './assets-phrase';
import { jobNameLabel } from './format';
import { formatDateTime } from '../assets/format';
import type { JobAction } from './job-action-dialog';
import { JobProgress } from './job-progress';
import { StateBadge } from './state-badge';
import { enumLabel } from '../../i18n/enum-labels';

interface JobsTableProps {
  jobs: JobSummary[];
  onOpen(job: JobSummary): void;
  onAction(job: JobSummary, action: JobAction): void;
}

/** The actions column stays in sight where the table is wider than the page (1280 px: Retry was cut). */
const STICKY_END = { position: 'sticky', insetEnd: '0', bg: 'bg', zIndex: '1', shadow: 'xs' } as const;

/** What an administrator may do with a job in its state (the hub checks again). */
export function actionsOf(job: JobSummary): JobAction[] {
  if (job.state === 'failed') return ['retry'];
  if (job.state === 'waiting' || job.state === 'retrying') return ['cancel'];
  return [];
}

/** The jobs, newest first: one row each, its details and actions by keyboard or pointer. */
export function JobsTable({ jobs, onOpen, onAction }: JobsTableProps) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  return (
    <Table.ScrollArea borderWidth="1px" rounded="l2">
      <Table.Root size="sm" stickyHeader aria-label={t('manage.jobs.table')}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('manage.jobs.name')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('manage.jobs.state')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('manage.jobs.progress')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('manage.jobs.attempts')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('manage.jobs.submitter')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('manage.jobs.dates')}</Table.ColumnHeader>
            <Table.ColumnHeader {...STICKY_END}>{t('manage.jobs.actions')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {jobs.map((job) => (
            <Table.Row key={job.id} data-testid="job-row">
              <Table.Cell>
                <Text fontWeight="medium">{jobNameLabel(t, job.name)}</Text>
                {job.story?.assets ? (
                  // What the job is about, by the assets' names (issue 23: rows did not name them).
                  <Text textStyle="sm" maxW="xs" lineClamp={2} data-testid="job-subject">
                    <AssetsPhrase assets={job.story.assets} />
                  </Text>
                ) : null}
                <Text textStyle="xs" color="fg.muted">
                  {enumLabel(t, 'queue', job.queue)}
                </Text>
              </Table.Cell>
              <Table.Cell>
                <Stack gap="1" align="start">
                  <StateBadge state={job.state} />
                  {job.errorCode ? (
                    <Code colorPalette="red" aria-label={t('manage.jobs.error')}>
                      {job.errorCode}
                    </Code>
                  ) : null}
                </Stack>
              </Table.Cell>
              <Table.Cell>
                <JobProgress value={job.progress} />
              </Table.Cell>
              <Table.Cell textAlign="end">{job.attempts}</Table.Cell>
              <Table.Cell title={job.createdBy}>{job.createdByName ?? job.createdBy}</Table.Cell>
              <Table.Cell whiteSpace="nowrap" textStyle="xs">
                <Text>{t('manage.jobs.createdAt', { date: formatDateTime(job.createdAt, language) })}</Text>
                {job.finishedAt ? (
                  <Text color="fg.muted">
                    {t('manage.jobs.finishedAt', { date: formatDateTime(job.finishedAt, language) })}
                  </Text>
                ) : null}
              </Table.Cell>
              <Table.Cell {...STICKY_END}>
                <HStack gap="1">
                  <Button
                    size="xs"
                    variant="outline"
                    aria-label={t('manage.jobs.detailsOf', { name: jobNameLabel(t, job.name) })}
                    onClick={() => onOpen(job)}
                  >
                    {t('manage.jobs.details')}
                  </Button>
                  {actionsOf(job).map((action) => (
                    <Button
                      key={action}
                      size="xs"
                      variant="subtle"
                      colorPalette={action === 'cancel' ? 'red' : 'blue'}
                      onClick={() => onAction(job, action)}
                    >
                      {t(`manage.actions.${action}`)}
                    </Button>
                  ))}
                </HStack>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
