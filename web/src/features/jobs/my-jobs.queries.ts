import { FINAL_JOB_STATES, type JobListResponse, type JobSummary } from '@paddock/rules';
import { infiniteQueryOptions, type InfiniteData } from '@tanstack/react-query';
import { fetchMyJobs } from '../../api/jobs.api';

/** How often "My jobs" looks again while a job of the user runs, and while none does. */
export const MY_JOBS_RUNNING_MS = 3_000;
export const MY_JOBS_IDLE_MS = 30_000;

export const myJobsKeys = {
  all: ['my-jobs'] as const,
  list: (lang: string) => [...myJobsKeys.all, 'list', lang] as const,
};

export const isRunning = (job: JobSummary) => !FINAL_JOB_STATES.includes(job.state);

/**
 * The user's jobs, newest first: one query for the header's button, its drawer and the notices.
 * It looks again often only while one of them still runs (the first page holds the newest).
 */
export function myJobsQueryOptions(lang: string) {
  return infiniteQueryOptions({
    queryKey: myJobsKeys.list(lang),
    queryFn: ({ pageParam, signal }) => fetchMyJobs(pageParam, lang, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    refetchInterval: (query) =>
      query.state.data?.pages[0]?.items.some(isRunning) ? MY_JOBS_RUNNING_MS : MY_JOBS_IDLE_MS,
  });
}

export function jobsOf(data: InfiniteData<JobListResponse> | undefined): JobSummary[] {
  return data?.pages.flatMap((page) => page.items) ?? [];
}
