import {
  Badge,
  CloseButton,
  Code,
  DataList,
  Drawer,
  Heading,
  HStack,
  Portal,
  Skeleton,
  Stack,
  Text,
} from '@chakra-ui/react';
import type { AssetOutcome } from '@paddock/rules';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../i18n/use-language';
import { AlertBanner } from '../../components/ui/alert-banner';
import { jobNameLabel } from './format';
import { formatDateTime } from '../assets/format';
import { JobProgress } from './job-progress';
import { auditSentence, errorText, jobSentence } from './audit-sentence';
import { auditQueryOptions, jobQueryOptions } from './manage.queries';
import { StateBadge } from './state-badge';
import { enumLabel } from '../../i18n/enum-labels';

const OUTCOME_PALETTE: Record<AssetOutcome['outcome'], string> = {
  done: 'green',
  unchanged: 'gray',
  junk: 'orange',
  failed: 'red',
};

const NO_SEARCH = { assetId: '', actor: '', from: '', to: '' };

/**
 * A job in full: what it is about as one sentence with names, its facts, then what happened to
 * each asset (its audit rows) with the asset's name and the message of its error.
 */
export function JobDetailDrawer({ jobId, onClose }: { jobId: string; onClose(): void }) {
  const { t, i18n } = useTranslation();
  const [language] = useLanguage();
  const job = useQuery(jobQueryOptions(jobId, i18n.language));
  // The job's own audit rows name its assets and folders: the drawer tells them as sentences.
  const audit = useInfiniteQuery(auditQueryOptions({ ...NO_SEARCH, jobId }, i18n.language));
  const told = (audit.data?.pages.flatMap((page) => page.items) ?? []).filter((row) => row.assetId);
  const kindOf = new Map(job.data?.outcomes?.map((o) => [o.contentId, o.outcome]));
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
                  {job.data.story ? (
                    <Text data-testid="job-story" fontWeight="medium">
                      {jobSentence(
                        t,
                        i18n.language,
                        job.data.createdByName ?? job.data.createdBy,
                        job.data.story,
                      )}
                    </Text>
                  ) : null}
                  <DataList.Root orientation="horizontal" size="sm">
                    <Item label={t('manage.jobs.state')} value={<StateBadge state={job.data.state} />} />
                    <Item
                      label={t('manage.jobs.progress')}
                      value={<JobProgress value={job.data.progress} />}
                    />
                    <Item label={t('manage.jobs.attempts')} value={job.data.attempts} />
                    <Item
                      label={t('manage.jobs.error')}
                      value={job.data.errorCode ? <ErrorText code={job.data.errorCode} /> : '—'}
                    />
                    <Item
                      label={t('manage.jobs.submitter')}
                      value={job.data.createdByName ?? job.data.createdBy}
                    />
                    <Item
                      label={t('manage.jobs.created')}
                      value={formatDateTime(job.data.createdAt, language)}
                    />
                    <Item
                      label={t('manage.jobs.finished')}
                      value={formatDateTime(job.data.finishedAt, language) || '—'}
                    />
                    <Item label={t('manage.detail.id')} value={<Code>{job.data.id}</Code>} />
                  </DataList.Root>
                  {told.length ? (
                    <Stack gap="2">
                      <Heading as="h3" size="sm">
                        {t('manage.detail.outcomes')}
                      </Heading>
                      <Stack as="ul" gap="2" listStyleType="none" m="0" data-testid="job-sentences">
                        {told.map((row) => {
                          const kind = kindOf.get(row.assetId ?? '');
                          return (
                            <Stack as="li" key={row.id} gap="1">
                              <Text>{auditSentence(t, i18n.language, row)}</Text>
                              <HStack gap="2" wrap="wrap">
                                {kind ? (
                                  <Badge colorPalette={OUTCOME_PALETTE[kind]}>
                                    {enumLabel(t, 'assetOutcome', kind)}
                                  </Badge>
                                ) : null}
                                {row.errorCode ? <ErrorText code={row.errorCode} /> : null}
                              </HStack>
                            </Stack>
                          );
                        })}
                      </Stack>
                    </Stack>
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

/** An error code's message in the reader's language, the code beside it for whoever reports it. */
export function ErrorText({ code }: { code: string }) {
  const { t } = useTranslation();
  return (
    <Text as="span" textStyle="sm" color="fg.error">
      {errorText(t, code)}{' '}
      <Code colorPalette="red" size="sm">
        {code}
      </Code>
    </Text>
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
