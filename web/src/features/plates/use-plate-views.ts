import type { PlateBoxesView } from '@paddock/rules';
import { useQueries } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { plateBoxesQueryOptions } from './plates.queries';

/** How many images' boxes are asked for at once: a share of hundreds of images asks a few at a time. */
const AT_ONCE = 6;

export interface PlateViews {
  /** The views loaded so far, in the order of the ids. */
  views: PlateBoxesView[];
  /** Some are still to be asked for. */
  loading: boolean;
}

/** The boxes of many images, asked for a few at a time as the earlier answers arrive. */
export function usePlateViews(assetIds: readonly string[]): PlateViews {
  const [limit, setLimit] = useState(AT_ONCE);
  const results = useQueries({
    queries: assetIds.map((id, index) => ({ ...plateBoxesQueryOptions(id), enabled: index < limit })),
  });
  const settled = results.filter((result) => result.status !== 'pending').length;
  useEffect(() => setLimit(settled + AT_ONCE), [settled]);
  return {
    views: results.flatMap((result) => (result.data ? [result.data] : [])),
    loading: settled < assetIds.length,
  };
}
