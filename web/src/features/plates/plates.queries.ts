import type { Language, NamedPlateBoxesView, PlateBoxShape, PlateBoxesView } from '@paddock/rules';
import { queryOptions, useMutation, useQueryClient, type QueryFilters } from '@tanstack/react-query';
import { detectPlates, fetchPlateBoxes, fetchPlateViews, savePlateBoxes } from '../../api/plates.api';

/** How often an image whose detection runs is asked again. */
const DETECTING_POLL_MS = 2000;

export const plateKeys = {
  all: ['plates'] as const,
  asset: (assetId: string) => [...plateKeys.all, assetId] as const,
  views: () => [...plateKeys.all, 'views'] as const,
  // The ids themselves in the key, so a change to one image finds every batch holding it.
  viewsOf: (assetIds: readonly string[], lang: Language) =>
    [...plateKeys.views(), lang, ...assetIds] as const,
};

/** Every cached answer that holds the image: its own view and the batches that name it. */
export function holdingPlatesOf(assetId: string): QueryFilters {
  return { queryKey: plateKeys.all, predicate: (query) => query.queryKey.includes(assetId) };
}

/** One image's boxes: read by the detail, the editor and the share dialog alike. */
export function plateBoxesQueryOptions(assetId: string) {
  return queryOptions({
    queryKey: plateKeys.asset(assetId),
    queryFn: ({ signal }) => fetchPlateBoxes(assetId, signal),
    // A detection started elsewhere (at upload, by a colleague) is waited for by asking again.
    refetchInterval: (query) => (query.state.data?.state === 'detecting' ? DETECTING_POLL_MS : false),
  });
}

/** Many images' boxes and names in one request (the share dialog's check), in the order of the ids. */
export function plateViewsQueryOptions(assetIds: readonly string[], lang: Language) {
  return queryOptions({
    queryKey: plateKeys.viewsOf(assetIds, lang),
    queryFn: async ({ signal }) => (await fetchPlateViews({ assetIds: [...assetIds], lang }, signal)).views,
    refetchInterval: (query) =>
      query.state.data?.some((view) => view.state === 'detecting') ? DETECTING_POLL_MS : false,
  });
}

/** Saves a person's boxes; the answer replaces the cached views, so every place shows them at once. */
export function useSavePlateBoxes(assetId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (boxes: readonly PlateBoxShape[]) =>
      savePlateBoxes(assetId, { boxes: boxes.map(({ x, y, w, h }) => ({ x, y, w, h })) }),
    onSuccess: (view: PlateBoxesView) => {
      queryClient.setQueryData(plateKeys.asset(assetId), view);
      // In the batches holding the image its name stays; the rest is the saved view.
      queryClient.setQueriesData<NamedPlateBoxesView[]>(
        { ...holdingPlatesOf(assetId), queryKey: plateKeys.views() },
        (views) => views?.map((old) => (old.assetId === assetId ? { ...old, ...view } : old)),
      );
    },
  });
}

/** Starts the detection job; the caller follows the job and reloads the view when it ends. */
export function useDetectPlates(assetId: string) {
  return useMutation({ mutationFn: () => detectPlates(assetId) });
}
