import type { Language, LegalHoldView, PlaceLegalHoldRequest } from '@paddock/rules';
import { request } from './http';

/** Which holds the administrators' list shows: the active ones, the released ones (kept), or all. */
export type LegalHoldState = 'active' | 'released' | 'all';

export interface LegalHoldPage {
  items: LegalHoldView[];
  hasMore: boolean;
}

/** A page of legal holds, newest first (administrators). */
export function fetchLegalHolds(
  state: LegalHoldState,
  offset: number,
  language: Language,
  signal?: AbortSignal,
): Promise<LegalHoldPage> {
  const query = new URLSearchParams({ state, offset: String(offset), lang: language });
  return request<LegalHoldPage>(`/api/legal-holds?${query}`, { signal });
}

/** The active holds that keep one asset: on it, its folders or its department (administrators). */
export function fetchAssetHolds(
  assetId: string,
  language: Language,
  signal?: AbortSignal,
): Promise<LegalHoldView[]> {
  return request<LegalHoldView[]>(`/api/legal-holds/assets/${encodeURIComponent(assetId)}?lang=${language}`, {
    signal,
  });
}

/** One hold per target, all or none. */
export function placeLegalHold(body: PlaceLegalHoldRequest, language: Language): Promise<LegalHoldView[]> {
  return request<LegalHoldView[]>(`/api/legal-holds?lang=${language}`, { method: 'POST', body });
}

/** Releases a hold; its record is kept. */
export function releaseLegalHold(id: string, language: Language): Promise<LegalHoldView> {
  return request<LegalHoldView>(`/api/legal-holds/${encodeURIComponent(id)}/release?lang=${language}`, {
    method: 'POST',
  });
}
