import type { DuplicateReviewState, Language } from '@paddock/rules';
import { queryOptions } from '@tanstack/react-query';
import { fetchDuplicates } from '../../api/duplicates.api';

export const duplicatesKeys = {
  all: ['duplicates'] as const,
  list: (state: DuplicateReviewState, lang: Language) => [...duplicatesKeys.all, state, lang] as const,
};

/** The review's groups in one state; a decision or an Undo invalidates `duplicatesKeys.all` (both tabs). */
export function duplicatesQueryOptions(state: DuplicateReviewState, lang: Language) {
  return queryOptions({
    queryKey: duplicatesKeys.list(state, lang),
    queryFn: ({ signal }) => fetchDuplicates(state, lang, signal),
  });
}
