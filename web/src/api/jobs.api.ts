import type { JobListResponse, JobState, JobSummary, QueueStatsResponse } from '@paddock/rules';
import { request } from './http';

/** What the dashboard's job list is narrowed by ('' = any). */
export interface JobListFilter {
  state: JobState | '';
  queue: string;
}

export function jobListPath(filter: JobListFilter, cursor: string | null): string {
  const params = new URLSearchParams();
  if (filter.state) params.set('state', filter.state);
  if (filter.queue) params.set('queue', filter.queue);
  if (cursor) params.set('cursor', cursor);
  const query = params.toString();
  return query ? `/api/jobs?${query}` : '/api/jobs';
}

export function fetchJobs(
  filter: JobListFilter,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<JobListResponse> {
  return request<JobListResponse>(jobListPath(filter, cursor), { signal });
}

/** `lang`: the language of the names in the job's story (the hub's fallback without it). */
export function fetchJob(id: string, signal?: AbortSignal, lang?: string): Promise<JobSummary> {
  const query = lang ? `?${new URLSearchParams({ lang }).toString()}` : '';
  return request<JobSummary>(`/api/jobs/${encodeURIComponent(id)}${query}`, { signal });
}

export function fetchQueueStats(signal?: AbortSignal): Promise<QueueStatsResponse> {
  return request<QueueStatsResponse>('/api/jobs/queues', { signal });
}

export function retryJob(id: string): Promise<JobSummary> {
  return request<JobSummary>(`/api/jobs/${encodeURIComponent(id)}/retry`, { method: 'POST' });
}

export function cancelJob(id: string): Promise<JobSummary> {
  return request<JobSummary>(`/api/jobs/${encodeURIComponent(id)}/cancel`, { method: 'POST' });
}
