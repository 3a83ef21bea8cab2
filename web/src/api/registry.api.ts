import type { ExternalShareRequest, RegistryRecord, RegistrySharePublishResponse } from '@paddock/rules';
import { queryOptions } from '@tanstack/react-query';
import { request } from './http';

export const registryKeys = {
  all: ['registry'] as const,
  record: (id: string) => [...registryKeys.all, id] as const,
};

/**
 * `GET /api/registry/:id` (SPEC §7): the record titled as SPEC §2 says. No retry: a failure is E059,
 * and the web clears the record it shows (SPEC §8).
 */
export function registryRecordQueryOptions(id: string) {
  return queryOptions({
    queryKey: registryKeys.record(id),
    queryFn: ({ signal }) => request<RegistryRecord>(`/api/registry/${encodeURIComponent(id)}`, { signal }),
    retry: false,
    staleTime: 60_000,
  });
}

/** `POST /api/registry/share-publish/:id`: an external share of the assets (a job), then the record published. */
export function sharePublishRegistry(
  id: string,
  body: ExternalShareRequest,
): Promise<RegistrySharePublishResponse> {
  return request<RegistrySharePublishResponse>(`/api/registry/share-publish/${encodeURIComponent(id)}`, {
    method: 'POST',
    body,
  });
}

/** `POST /api/registry/publish|unpublish/:id` (SPEC §7): the record as it now stands. */
export function setRegistryPublished(id: string, published: boolean): Promise<RegistryRecord> {
  const action = published ? 'publish' : 'unpublish';
  return request<RegistryRecord>(`/api/registry/${action}/${encodeURIComponent(id)}`, { method: 'POST' });
}
