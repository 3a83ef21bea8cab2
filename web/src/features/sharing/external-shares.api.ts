import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type {
  ExternalShareListResponse,
  ExternalShareRequest,
  ExternalShareSummary,
  ShareAccessEventsResponse,
  ShareSendersResponse,
} from '@paddock/rules';
import { request } from '../../api/http';

/**
 * What the finished `external-share` job answers (docs/sharing.md): no link, which only its owner
 * reads (`externalShareQueryOptions`).
 */
export interface ExternalShareResult {
  shareId: string;
  sent: number;
}

export function createExternalShare(body: ExternalShareRequest): Promise<{ jobId: string }> {
  return request<{ jobId: string }>('/api/external-shares', { method: 'POST', body });
}

/** `GET /api/external-shares/senders` (administrators): who sent how many within the rate's window. */
export function fetchShareSenders(signal?: AbortSignal): Promise<ShareSendersResponse> {
  return request<ShareSendersResponse>('/api/external-shares/senders', { signal });
}

export function revokeShare(id: string): Promise<void> {
  return request<void>(`/api/external-shares/${encodeURIComponent(id)}/revoke`, { method: 'POST' });
}

export function revokeRecipient(id: string, recipientId: string): Promise<void> {
  return request<void>(
    `/api/external-shares/${encodeURIComponent(id)}/recipients/${encodeURIComponent(recipientId)}/revoke`,
    { method: 'POST' },
  );
}

export const shareKeys = {
  all: ['external-shares'] as const,
  list: () => [...shareKeys.all, 'list'] as const,
  detail: (id: string) => [...shareKeys.all, 'detail', id] as const,
  events: (id: string) => [...shareKeys.all, 'events', id] as const,
};

/** The user's shares, newest first, a page (SHARE_LIST_PAGE.default) at a time from the previous one's cursor. */
export function externalSharesQueryOptions() {
  return infiniteQueryOptions({
    queryKey: shareKeys.list(),
    queryFn: ({ pageParam, signal }) =>
      request<ExternalShareListResponse>(
        `/api/external-shares${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`,
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** One of the user's shares with its link or each recipient's, from the provider. */
export function externalShareQueryOptions(id: string) {
  return queryOptions({
    queryKey: shareKeys.detail(id),
    queryFn: ({ signal }) =>
      request<ExternalShareSummary>(`/api/external-shares/${encodeURIComponent(id)}`, { signal }),
  });
}

export function shareEventsQueryOptions(id: string) {
  return queryOptions({
    queryKey: shareKeys.events(id),
    queryFn: ({ signal }) =>
      request<ShareAccessEventsResponse>(`/api/external-shares/${encodeURIComponent(id)}/events`, {
        signal,
      }),
  });
}
