import { CloseButton, Drawer, Portal, Skeleton, Stack } from '@chakra-ui/react';
import type { JobSummary } from '@paddock/rules';
import { ListChecks } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { AlertBanner } from '../../components/ui/alert-banner';
import { EmptyState } from '../../components/ui/empty-state';
import { LoadMoreButton, type NextPages } from '../../components/ui/load-more-button';
import { MyJobItem } from './my-job-item';

interface MyJobsDrawerProps {
  jobs: readonly JobSummary[];
  status: 'pending' | 'error' | 'success';
  pages: NextPages;
  onClose(): void;
}

/** "My jobs": the user's jobs, newest first, an older page at a time. */
export function MyJobsDrawer({ jobs, status, pages, onClose }: MyJobsDrawerProps) {
  const { t } = useTranslation();
  return (
    <Drawer.Root open size="md" onOpenChange={(details) => (details.open ? undefined : onClose())}>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content>
            <Drawer.Header>
              <Drawer.Title>{t('myJobs.title')}</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              {status === 'pending' ? <Skeleton height="40" /> : null}
              {status === 'error' ? <AlertBanner>{t('myJobs.error')}</AlertBanner> : null}
              {status === 'success' && !jobs.length ? (
                <EmptyState
                  icon={<ListChecks />}
                  title={t('myJobs.emptyTitle')}
                  description={t('myJobs.emptyDescription')}
                />
              ) : null}
              {jobs.length ? (
                <Stack gap="4">
                  <Stack as="ul" gap="3" listStyleType="none" m="0" aria-label={t('myJobs.title')}>
                    {jobs.map((job) => (
                      <MyJobItem key={job.id} job={job} />
                    ))}
                  </Stack>
                  <LoadMoreButton label={t('myJobs.loadMore')} pages={pages} />
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
