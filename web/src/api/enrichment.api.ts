import type {
  EnrichmentDefinitions,
  EnrichmentDraft,
  EnrichmentDraftRequest,
  EnrichmentRequest,
  ProductPage,
} from '@paddock/rules';
import { request } from './http';

export function fetchEnrichmentDefinitions(signal?: AbortSignal): Promise<EnrichmentDefinitions> {
  return request<EnrichmentDefinitions>('/api/enrichment/definitions', { signal });
}

export function fetchProducts(cursor: string | null, signal?: AbortSignal): Promise<ProductPage> {
  const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
  return request<ProductPage>(`/api/enrichment/products${query}`, { signal });
}

/** `POST /api/enrichment`: the hub checks SPEC §5 and §6, then queues the job and answers its id. */
export function submitEnrichment(body: EnrichmentRequest): Promise<{ jobId: string }> {
  return request<{ jobId: string }>('/api/enrichment', { method: 'POST', body });
}

/** `GET /api/enrichment/draft`: the working state the user last saved on exactly this selection. */
export function fetchEnrichmentDraft(
  folderId: string,
  contentIds: readonly string[],
  signal?: AbortSignal,
): Promise<EnrichmentDraft> {
  const query = new URLSearchParams({ folderId, ids: contentIds.join(',') });
  return request<EnrichmentDraft>(`/api/enrichment/draft?${query.toString()}`, { signal });
}

/** `PUT /api/enrichment/draft`: saves the working state as the user's draft on the selection. */
export function saveEnrichmentDraft(body: EnrichmentDraftRequest): Promise<void> {
  return request<void>('/api/enrichment/draft', { method: 'PUT', body });
}
