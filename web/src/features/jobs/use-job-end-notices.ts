import { FINAL_JOB_STATES, LONG_JOB_SECONDS, type JobState, type JobSummary } from '@paddock/rules';
import type { ParseKeys } from 'i18next';
import { useEffect, useRef } from 'react';
import { useUiStore } from '../ui/ui-store-context';

const ended = (state: JobState) => FINAL_JOB_STATES.includes(state);

/** A job that ran long enough for its user to have gone on to something else. */
function ranLong(job: JobSummary): boolean {
  if (!job.startedAt || !job.finishedAt) return false;
  return Date.parse(job.finishedAt) - Date.parse(job.startedAt) >= LONG_JOB_SECONDS * 1000;
}

/**
 * A notice, wherever the user is in the portal, when one of their jobs that ran longer than
 * LONG_JOB_SECONDS ends: it is seen running in one look at "My jobs" and ended in a later one.
 * `quiet` while the list itself is open (the user sees it end there).
 */
export function useJobEndNotices(jobs: readonly JobSummary[] | undefined, quiet: boolean): void {
  const { notify } = useUiStore();
  const states = useRef<Map<string, JobState> | null>(null);
  useEffect(() => {
    if (!jobs) return;
    const before = states.current;
    states.current = new Map(jobs.map((job) => [job.id, job.state]));
    if (!before || quiet) return;
    for (const job of jobs) {
      const was = before.get(job.id);
      if (was === undefined || ended(was) || !ended(job.state) || !ranLong(job)) continue;
      notify({
        message: {
          key: 'myJobs.endedNotice',
          params: {
            job: { key: `manage.jobNames.${job.name}` as ParseKeys },
            state: { key: `manage.states.${job.state}` as ParseKeys },
          },
        },
      });
    }
  }, [jobs, quiet, notify]);
}
