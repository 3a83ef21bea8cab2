import { Box, HStack, Skeleton, Stack } from '@chakra-ui/react';
import { JOB_STATES, type JobState, type JobSummary } from '@paddock/rules';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Inbox } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { JobListFilter } from '../../api/jobs.api';
import { AlertBanner } from '../../components/ui/alert-banner';
import { EmptyState } from '../../components/ui/empty-state';
import { Field } from '../../components/ui/field';
import { LoadMoreButton } from '../../components/ui/load-more-button';
import { Select } from '../../components/ui/select';
import { JobActionDialog, type JobAction } from './job-action-dialog';
import { JobDetailDrawer } from './job-detail-drawer';
import { JobsTable } from './jobs-table';
import { useLanguage } from '../../i18n/use-language';
import { jobListQueryOptions, queueStatsQueryOptions } from './manage.queries';
import { QueueCards } from './queue-cards';
import { enumLabel } from '../../i18n/enum-labels';

/** Queues, then the jobs newest first with filters, details, retry and cancel; kept fresh while open. */
export function JobsPanel() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<JobListFilter>({ state: '', queue: '' });
  const [opened, setOpened] = useState<string | null>(null);
  const [asked, setAsked] = useState<{ job: JobSummary; action: JobAction } | null>(null);
  const queues = useQuery(queueStatsQueryOptions());
  const [language] = useLanguage();
  const jobs = useInfiniteQuery(jobListQueryOptions(filter, language));
  const items = jobs.data?.pages.flatMap((page) => page.items) ?? [];

  const stateOptions = [
    { value: '' as const, label: t('manage.jobs.anyState') },
    ...JOB_STATES.map((state) => ({ value: state, label: t(`manage.states.${state}`) })),
  ];
  const queueOptions = [
    { value: '', label: t('manage.jobs.anyQueue') },
    ...(queues.data?.items ?? []).map((q) => ({
      value: q.queue,
      label: enumLabel(t, 'queue', q.queue),
    })),
  ];

  return (
    <Stack gap="6">
      <QueueCards />
      <HStack gap="4" align="end" wrap="wrap">
        <Box minW="48">
          <Field label={t('manage.jobs.state')}>
            <Select<JobState | ''>
              value={filter.state}
              options={stateOptions}
              onChange={(state) => setFilter((current) => ({ ...current, state }))}
            />
          </Field>
        </Box>
        <Box minW="48">
          <Field label={t('manage.jobs.queue')}>
            <Select
              value={filter.queue}
              options={queueOptions}
              onChange={(queue) => setFilter((current) => ({ ...current, queue }))}
            />
          </Field>
        </Box>
      </HStack>
      {jobs.isPending ? <Skeleton height="40" rounded="l2" /> : null}
      {jobs.isError ? <AlertBanner>{t('manage.errors.jobs')}</AlertBanner> : null}
      {jobs.isSuccess && items.length === 0 ? (
        <Box borderWidth="1px" rounded="l3">
          <EmptyState
            icon={<Inbox />}
            title={t('manage.jobs.emptyTitle')}
            description={t('manage.jobs.emptyDescription')}
          />
        </Box>
      ) : null}
      {items.length ? (
        <JobsTable
          jobs={items}
          onOpen={(job) => setOpened(job.id)}
          onAction={(job, action) => setAsked({ job, action })}
        />
      ) : null}
      <LoadMoreButton size="md" label={t('manage.loadMore')} pages={jobs} />
      {opened ? <JobDetailDrawer jobId={opened} onClose={() => setOpened(null)} /> : null}
      {asked ? (
        <JobActionDialog job={asked.job} action={asked.action} onClose={() => setAsked(null)} />
      ) : null}
    </Stack>
  );
}
