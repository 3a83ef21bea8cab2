import type { FreeTag, FreeTagRequest, Language, TagOptionsResponse, TagsBulkRequest } from '@paddock/rules';
import { queryOptions } from '@tanstack/react-query';
import { request } from './http';

export const taggingKeys = {
  all: ['tagging'] as const,
  options: (lang: Language) => [...taggingKeys.all, 'options', lang] as const,
};

/** The product and free tags a user picks from, named in `lang`. */
export function tagOptionsQueryOptions(lang: Language) {
  return queryOptions({
    queryKey: taggingKeys.options(lang),
    queryFn: () => request<TagOptionsResponse>(`/api/tags/definitions?lang=${lang}`),
    staleTime: 5 * 60_000,
  });
}

/** `POST /api/tags/bulk`: the hub checks SPEC §5 and §6, then queues the job and answers its id. */
export function submitBulkTags(body: TagsBulkRequest): Promise<{ jobId: string }> {
  return request<{ jobId: string }>('/api/tags/bulk', { method: 'POST', body });
}

/** `POST /api/tags`: a free tag named as the user typed it; the hub refuses a name taken in any case. */
export function createFreeTag(body: FreeTagRequest): Promise<FreeTag> {
  return request<FreeTag>('/api/tags', { method: 'POST', body });
}
