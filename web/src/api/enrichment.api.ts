import type { EnrichmentDefinitions, EnrichmentRequest, ProductPage } from '@paddock/rules';
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
