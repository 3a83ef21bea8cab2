import { Alert, Link, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchJob } from '../../api/jobs.api';
import { JobProgressBar } from '../workflow/job-progress-bar';
import { useJobProgress } from '../jobs/use-job-progress';
import { CopyLink } from './copy-link';
import { externalShareQueryOptions, type ExternalShareResult } from './external-shares.api';
import { shareCodeText } from './share-errors';

function isResult(value: unknown): value is ExternalShareResult {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { shareId?: unknown }).shareId === 'string'
  );
}

/**
 * Step 3 of the external-share dialog (SPEC §2, §4): the job's progress, then the link with a copy
 * button (a link share) or the recipients it was mailed to (an e-mail share), or why it failed. The
 * job keeps the share's id only: its links are read from the provider as their owner.
 */
export function ShareResultStep({ jobId, onEnded }: { jobId: string; onEnded(): void }) {
  const { t } = useTranslation();
  const event = useJobProgress(jobId);
  const done = event?.state === 'completed';
  const failed = event !== null && ['failed', 'cancelled'].includes(event.state);
  // The final event carries the result; a stream that was refused only says the state.
  const job = useQuery({
    queryKey: ['jobs', jobId, 'result'],
    queryFn: ({ signal }) => fetchJob(jobId, signal),
    enabled: done && !isResult(event.result),
  });
  const result = [event?.result, job.data?.result].find(isResult);
  const share = useQuery({ ...externalShareQueryOptions(result?.shareId ?? ''), enabled: !!result });
  const mailed = share.data?.recipients ?? [];
  const ended = (done && (share.isSuccess || share.isError)) || failed;
  useEffect(() => {
    if (ended) onEnded();
  }, [ended, onEnded]);

  if (failed) {
    return (
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Title>{shareCodeText(t, event.errorCode) ?? t('sharing.dialog.failed')}</Alert.Title>
      </Alert.Root>
    );
  }
  if (share.isError)
    return (
      <Alert.Root status="warning">
        <Alert.Indicator />
        <Alert.Title>{t('sharing.dialog.linkUnavailable')}</Alert.Title>
      </Alert.Root>
    );
  if (!result || !share.data)
    return (
      <Stack gap="3" role="status">
        <Text>{t('sharing.dialog.working')}</Text>
        <JobProgressBar progress={event?.progress ?? 0} />
      </Stack>
    );
  return (
    <Stack gap="3">
      <Alert.Root status="success">
        <Alert.Indicator />
        <Alert.Title>
          {mailed.length ? t('sharing.dialog.sent', { count: result.sent }) : t('sharing.dialog.ready')}
        </Alert.Title>
      </Alert.Root>
      {mailed.length ? (
        <Stack as="ul" gap="2" listStyleType="none">
          {mailed.map((recipient) => (
            <li key={recipient.id}>
              <Text fontSize="sm" fontWeight="medium">
                {recipient.email}
              </Text>
              <CopyLink url={recipient.url} label={t('sharing.dialog.linkOf', { email: recipient.email })} />
            </li>
          ))}
        </Stack>
      ) : share.data.url ? (
        <>
          <CopyLink url={share.data.url} label={t('sharing.dialog.link')} />
          <Link href={share.data.url} target="_blank" rel="noopener noreferrer" fontSize="sm">
            {t('sharing.open')}
          </Link>
        </>
      ) : null}
    </Stack>
  );
}
