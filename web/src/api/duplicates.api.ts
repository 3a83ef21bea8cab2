import type {
  DuplicateDecisionRequest,
  DuplicateDecisionResponse,
  DuplicateReviewResponse,
  DuplicateReviewState,
  Language,
  UploadCheckFilesRequest,
  UploadCheckFilesResponse,
} from '@paddock/rules';
import { request } from './http';

/** The groups still to review (`open`) or the pairs set aside (`ignored`), names in `lang` (issue 27 point 2). */
export function fetchDuplicates(
  state: DuplicateReviewState,
  lang: Language,
  signal?: AbortSignal,
): Promise<DuplicateReviewResponse> {
  return request<DuplicateReviewResponse>(
    `/api/duplicates?${new URLSearchParams({ state, lang }).toString()}`,
    {
      signal,
    },
  );
}

/** Decides one pair; with `same`, the answer's job sends the other asset to the junk. */
export function decideDuplicate(body: DuplicateDecisionRequest): Promise<DuplicateDecisionResponse> {
  return request<DuplicateDecisionResponse>('/api/duplicates/decision', { method: 'PUT', body });
}

/** Forgets a pair's decision: the pair is proposed again. */
export function undoDuplicateDecision(a: string, b: string): Promise<void> {
  return request<void>(`/api/duplicates/decision?${new URLSearchParams({ a, b }).toString()}`, {
    method: 'DELETE',
  });
}

/** The upload check by content: for each file's hashes, the assets the user reads with its bytes or a similar picture. */
export function checkFiles(body: UploadCheckFilesRequest): Promise<UploadCheckFilesResponse> {
  return request<UploadCheckFilesResponse>('/api/duplicates/check', { method: 'POST', body });
}
