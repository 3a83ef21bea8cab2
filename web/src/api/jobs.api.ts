import type {
  JobListResponse,
  JobState,
  JobSummary,
  QueueOutcomesResponse,
  QueueStatsResponse,
} from '@paddock/rules';
import { request } from './http';

/** What the dashboard's job list is narrowed by ('' = any). */
export interface JobListFilter {
  state: JobState | '';
  queue: string;
}

/** `lang`: the language of the names in each job's story. */
export function jobListPath(filter: JobListFilter, cursor: string | null, lang: string): string {
  const params = new URLSearchParams({ lang });
  if (filter.state) params.set('state', filter.state);
  if (filter.queue) params.set('queue', filter.queue);
  if (cursor) params.set('cursor', cursor);
  return `/api/jobs?${params.toString()}`;
}

export function fetchJobs(
  filter: JobListFilter,
  cursor: string | null,
  lang: string,
  signal?: AbortSignal,
): Promise<JobListResponse> {
  return request<JobListResponse>(jobListPath(filter, cursor, lang), { signal });
}

/** `lang`: the language of the names in the job's story (the hub's fallback without it). */
export function fetchJob(id: string, signal?: AbortSignal, lang?: string): Promise<JobSummary> {
  const query = lang ? `?${new URLSearchParams({ lang }).toString()}` : '';
  return request<JobSummary>(`/api/jobs/${encodeURIComponent(id)}${query}`, { signal });
}

export function fetchQueueStats(signal?: AbortSignal): Promise<QueueStatsResponse> {
  return request<QueueStatsResponse>('/api/jobs/queues', { signal });
}

/** Jobs completed and failed per queue in the last hour (the failure rate). */
export function fetchQueueOutcomes(signal?: AbortSignal): Promise<QueueOutcomesResponse> {
  return request<QueueOutcomesResponse>('/api/jobs/outcomes', { signal });
}

export function retryJob(id: string): Promise<JobSummary> {
  return request<JobSummary>(`/api/jobs/${encodeURIComponent(id)}/retry`, { method: 'POST' });
}

export function cancelJob(id: string): Promise<JobSummary> {
  return request<JobSummary>(`/api/jobs/${encodeURIComponent(id)}/cancel`, { method: 'POST' });
}

/** "My jobs": the caller's own jobs, newest first; `lang` names what each story is about. */
export function fetchMyJobs(
  cursor: string | null,
  lang: string,
  signal?: AbortSignal,
): Promise<JobListResponse> {
  const params = new URLSearchParams({ lang });
  if (cursor) params.set('cursor', cursor);
  return request<JobListResponse>(`/api/jobs/mine?${params.toString()}`, { signal });
}

/** A new job of only the failed items of an ended job, linked to it. */
export function retryFailedItems(id: string): Promise<JobSummary> {
  return request<JobSummary>(`/api/jobs/${encodeURIComponent(id)}/retry-failed`, { method: 'POST' });
}
