import { inGroupsOf, type NamedPlateBoxesView } from '@paddock/rules';
import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useLanguage } from '../../i18n/use-language';
import { plateViewsQueryOptions } from './plates.queries';

/**
 * Images per request. The hub takes a whole share (500) at once, but 100 shows a long share's first
 * answers sooner, and a batch polled while one of its images is detected, or read again when a
 * detection ends, stays small.
 */
const PER_REQUEST = 100;

export interface PlateViews {
  /** The views loaded so far, in the order of the ids, each with its asset's name. */
  views: NamedPlateBoxesView[];
  /** Some are still to be asked for. */
  loading: boolean;
}

/** The boxes of many images, PER_REQUEST to a request, named in the interface language. */
export function usePlateViews(assetIds: readonly string[]): PlateViews {
  const [language] = useLanguage();
  const batches = useMemo(() => inGroupsOf(assetIds, PER_REQUEST), [assetIds]);
  const results = useQueries({ queries: batches.map((ids) => plateViewsQueryOptions(ids, language)) });
  return {
    views: results.flatMap((result) => result.data ?? []),
    loading: results.some((result) => result.status === 'pending'),
  };
}
