import { FINAL_JOB_STATES, type JobSummary } from '@paddock/rules';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { fetchAudit, type AuditSearch } from '../../api/audit.api';
import {
  fetchJob,
  fetchJobs,
  fetchQueueOutcomes,
  fetchQueueStats,
  type JobListFilter,
} from '../../api/jobs.api';
import { fetchShareSenders } from '../sharing/external-shares.api';

/** How often the dashboard looks again while it is open: jobs move on by themselves. */
export const DASHBOARD_REFRESH_MS = 5_000;

export const manageKeys = {
  all: ['manage'] as const,
  queues: () => [...manageKeys.all, 'queues'] as const,
  outcomes: () => [...manageKeys.all, 'outcomes'] as const,
  jobs: (filter: JobListFilter, lang: string) => [...manageKeys.all, 'jobs', filter, lang] as const,
  job: (id: string, lang: string) => [...manageKeys.all, 'job', id, lang] as const,
  audit: (search: AuditSearch) => [...manageKeys.all, 'audit', search] as const,
  senders: () => [...manageKeys.all, 'senders'] as const,
};

export function queueStatsQueryOptions() {
  return queryOptions({
    queryKey: manageKeys.queues(),
    queryFn: ({ signal }) => fetchQueueStats(signal),
    refetchInterval: DASHBOARD_REFRESH_MS,
  });
}

export function queueOutcomesQueryOptions() {
  return queryOptions({
    queryKey: manageKeys.outcomes(),
    queryFn: ({ signal }) => fetchQueueOutcomes(signal),
    refetchInterval: DASHBOARD_REFRESH_MS,
  });
}

export function jobListQueryOptions(filter: JobListFilter, lang: string) {
  return infiniteQueryOptions({
    queryKey: manageKeys.jobs(filter, lang),
    queryFn: ({ pageParam, signal }) => fetchJobs(filter, pageParam, lang, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    refetchInterval: DASHBOARD_REFRESH_MS,
  });
}

const isFinal = (job: JobSummary | undefined) => job !== undefined && FINAL_JOB_STATES.includes(job.state);

/** One job, followed until it ends; `lang`: the language of the names in its story. */
export function jobQueryOptions(id: string, lang: string) {
  return queryOptions({
    queryKey: manageKeys.job(id, lang),
    queryFn: ({ signal }) => fetchJob(id, signal, lang),
    refetchInterval: (query) => (isFinal(query.state.data) ? false : DASHBOARD_REFRESH_MS),
  });
}

/** `lang`: the language of the asset and folder names in the rows. */
export function auditQueryOptions(search: AuditSearch, lang: string) {
  return infiniteQueryOptions({
    queryKey: [...manageKeys.audit(search), lang] as const,
    queryFn: ({ pageParam, signal }) => fetchAudit(search, pageParam, lang, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

export function shareSendersQueryOptions() {
  return queryOptions({
    queryKey: manageKeys.senders(),
    queryFn: ({ signal }) => fetchShareSenders(signal),
    refetchInterval: DASHBOARD_REFRESH_MS,
  });
}
