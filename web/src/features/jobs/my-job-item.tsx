import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { INTL_LOCALES, type JobSummary } from '@paddock/rules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error';
import { cancelJob, retryFailedItems } from '../../api/jobs.api';
import { AlertBanner } from '../../components/ui/alert-banner';
import { useLanguage } from '../../i18n/use-language';
import { formatDateTime } from '../assets/format';
import { jobSentence } from '../manage/audit-sentence';
import { jobNameLabel } from '../manage/format';
import { ErrorText } from '../manage/job-detail-drawer';
import { JobProgress } from '../manage/job-progress';
import { manageKeys } from '../manage/manage.queries';
import { StateBadge } from '../manage/state-badge';
import { useShowApiError } from '../ui/use-show-api-error';
import { useUiStore } from '../ui/ui-store-context';
import { MyJobOutcomes } from './my-job-outcomes';
import { isRunning, myJobsKeys } from './my-jobs.queries';

/** Refusals said in words beside the job (the job changed since the list was read); others go to the error dialog. */
const REFUSALS = ['JOB_STILL_RUNNING', 'JOB_NO_FAILED_ITEMS'] as const;
type Refusal = (typeof REFUSALS)[number];
const refusalOf = (error: unknown): Refusal | null =>
  isApiError(error) ? (REFUSALS.find((code) => code === error.code) ?? null) : null;

/** A job ended with failed items (or items never reached) that a new job may take again. */
function hasFailedItems(job: JobSummary): boolean {
  if (job.items === null || isRunning(job)) return false;
  if (job.state !== 'completed') return true;
  const failed = (job.result as { failed?: unknown } | null)?.failed;
  return typeof failed === 'number' && failed > 0;
}

/**
 * One of the user's jobs: what it is about, its state, progress and ETA, Cancel while it may
 * stop, "Retry failed items" once it ended with some, and its assets' outcomes on demand.
 */
export function MyJobItem({ job }: { job: JobSummary }) {
  const { t, i18n } = useTranslation();
  const [language] = useLanguage();
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const { notify } = useUiStore();
  const showApiError = useShowApiError();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: myJobsKeys.all }),
      queryClient.invalidateQueries({ queryKey: manageKeys.all }),
    ]);
  const cancel = useMutation({
    mutationFn: () => cancelJob(job.id),
    onSuccess: refresh,
    onError: showApiError,
  });
  const retry = useMutation({
    mutationFn: () => retryFailedItems(job.id),
    onSuccess: async () => {
      notify({ message: { key: 'myJobs.retriedNotice' } });
      await refresh();
    },
    onError: (error) => (refusalOf(error) ? undefined : showApiError(error)),
  });
  const refusal = refusalOf(retry.error);
  const title = jobNameLabel(t, job.name);
  const time = (iso: string) =>
    new Intl.DateTimeFormat(INTL_LOCALES[language], { hour: '2-digit', minute: '2-digit' }).format(
      new Date(iso),
    );
  const outcomesId = `my-job-outcomes-${job.id}`;
  return (
    <Stack as="li" gap="2" borderWidth="1px" rounded="l2" p="3" aria-label={title}>
      <HStack justify="space-between" align="start" gap="3">
        <Stack gap="0">
          <Text fontWeight="semibold">{title}</Text>
          {job.story ? (
            <Text textStyle="sm">{jobSentence(t, i18n.language, job.createdBy, job.story)}</Text>
          ) : null}
        </Stack>
        <StateBadge state={job.state} />
      </HStack>
      <JobProgress value={job.progress} />
      <HStack gap="4" wrap="wrap" textStyle="xs" color="fg.muted">
        {job.items ? <Text>{t('myJobs.items', job.items)}</Text> : null}
        {job.etaAt ? <Text>{t('myJobs.eta', { time: time(job.etaAt) })}</Text> : null}
        <Text>{t('manage.jobs.createdAt', { date: formatDateTime(job.createdAt, language) })}</Text>
        {job.finishedAt ? (
          <Text>{t('manage.jobs.finishedAt', { date: formatDateTime(job.finishedAt, language) })}</Text>
        ) : null}
      </HStack>
      {job.retryOf ? (
        <Text textStyle="sm">{t('myJobs.retryOf', { id: job.retryOf.slice(0, 8) })}</Text>
      ) : null}
      {job.cancelRequested && isRunning(job) ? <Text textStyle="sm">{t('myJobs.stopping')}</Text> : null}
      {job.errorCode ? <ErrorText code={job.errorCode} /> : null}
      <HStack gap="2" wrap="wrap">
        {job.items ? (
          <Button
            size="xs"
            variant="ghost"
            aria-expanded={open}
            aria-controls={outcomesId}
            onClick={() => setOpen((was) => !was)}
          >
            {t(open ? 'myJobs.hideOutcomes' : 'myJobs.showOutcomes')}
          </Button>
        ) : null}
        {isRunning(job) && !job.cancelRequested ? (
          <Button
            size="xs"
            variant="outline"
            colorPalette="red"
            loading={cancel.isPending}
            onClick={() => cancel.mutate()}
          >
            {t('myJobs.cancel')}
          </Button>
        ) : null}
        {hasFailedItems(job) ? (
          <Button size="xs" colorPalette="blue" loading={retry.isPending} onClick={() => retry.mutate()}>
            {t('myJobs.retryFailed')}
          </Button>
        ) : null}
      </HStack>
      {refusal ? (
        <AlertBanner>
          {t(`error.codes.${refusal}`)} ({refusal})
        </AlertBanner>
      ) : null}
      {open ? (
        <Box id={outcomesId}>
          <MyJobOutcomes jobId={job.id} />
        </Box>
      ) : null}
    </Stack>
  );
}
