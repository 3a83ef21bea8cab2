import { Badge, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { AssetOutcome, JobSummary } from '@paddock/rules';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AlertBanner } from '../../components/ui/alert-banner';
import { enumLabel } from '../../i18n/enum-labels';
import { ErrorText } from '../manage/job-detail-drawer';
import { jobQueryOptions } from '../manage/manage.queries';

const OUTCOME_PALETTE: Record<AssetOutcome['outcome'], string> = {
  done: 'green',
  unchanged: 'gray',
  junk: 'orange',
  failed: 'red',
};

/** The asset's name as the job's story tells it (its first few), or its short id. */
function nameOf(job: JobSummary, contentId: string): string | null {
  const assets = job.story?.assets;
  const at = assets?.ids.indexOf(contentId) ?? -1;
  return at >= 0 ? (assets?.names[at] ?? null) : null;
}

/** What happened to each asset of one of the user's jobs: its outcome, and an error's message with its code. */
export function MyJobOutcomes({ jobId }: { jobId: string }) {
  const { t, i18n } = useTranslation();
  const job = useQuery(jobQueryOptions(jobId, i18n.language));
  if (job.isPending) return <Skeleton height="10" />;
  if (job.isError) return <AlertBanner>{t('manage.errors.job')}</AlertBanner>;
  const outcomes = job.data.outcomes ?? [];
  if (!outcomes.length) return <Text textStyle="sm">{t('myJobs.noOutcomes')}</Text>;
  return (
    <Stack as="ul" gap="2" listStyleType="none" m="0" aria-label={t('myJobs.outcomes')}>
      {outcomes.map((outcome) => (
        <Stack as="li" key={outcome.contentId} gap="1">
          <HStack gap="2" wrap="wrap">
            <Text textStyle="sm" fontWeight="medium">
              {nameOf(job.data, outcome.contentId) ??
                t('myJobs.unnamedAsset', { id: outcome.contentId.slice(0, 8) })}
            </Text>
            <Badge colorPalette={OUTCOME_PALETTE[outcome.outcome]}>
              {enumLabel(t, 'assetOutcome', outcome.outcome)}
            </Badge>
          </HStack>
          {outcome.errorCode ? <ErrorText code={outcome.errorCode} /> : null}
        </Stack>
      ))}
    </Stack>
  );
}
