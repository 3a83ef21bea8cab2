import { Button } from '@chakra-ui/react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { ListChecks } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { onDemand } from '../ui/on-demand';
import { isRunning, jobsOf, myJobsQueryOptions } from './my-jobs.queries';
import { useJobEndNotices } from './use-job-end-notices';

/** The drawer's code comes when it first opens: the archive's first screen carries only the button (issue 26). */
const MyJobsDrawer = onDemand(() => import('./my-jobs-drawer').then((module) => module.MyJobsDrawer));

/**
 * The header's "My jobs", for every role: opens the drawer of the user's jobs, counts those still
 * running, and tells with a notice when a long one ends while the user is elsewhere.
 */
export function MyJobsButton() {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const query = useInfiniteQuery(myJobsQueryOptions(i18n.language));
  const jobs = jobsOf(query.data);
  const firstPage = query.data?.pages[0]?.items;
  useJobEndNotices(firstPage, open);
  const running = firstPage?.filter(isRunning).length ?? 0;
  return (
    <>
      <Button size="sm" variant="surface" colorPalette="gray" onClick={() => setOpen(true)}>
        <ListChecks />
        {t('myJobs.open')}
        {running ? ` (${running})` : null}
      </Button>
      {open ? (
        <MyJobsDrawer jobs={jobs} status={query.status} pages={query} onClose={() => setOpen(false)} />
      ) : null}
    </>
  );
}
