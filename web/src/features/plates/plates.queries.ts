import type { PlateBoxShape, PlateBoxesView } from '@paddock/rules';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { detectPlates, fetchPlateBoxes, savePlateBoxes } from '../../api/plates.api';

/** How often an image whose detection runs is asked again. */
const DETECTING_POLL_MS = 2000;

export const plateKeys = {
  all: ['plates'] as const,
  asset: (assetId: string) => [...plateKeys.all, assetId] as const,
};

/** One image's boxes: read by the detail, the editor and the share dialog alike. */
export function plateBoxesQueryOptions(assetId: string) {
  return queryOptions({
    queryKey: plateKeys.asset(assetId),
    queryFn: ({ signal }) => fetchPlateBoxes(assetId, signal),
    // A detection started elsewhere (at upload, by a colleague) is waited for by asking again.
    refetchInterval: (query) => (query.state.data?.state === 'detecting' ? DETECTING_POLL_MS : false),
  });
}

/** Saves a person's boxes; the answer replaces the cached view, so every place shows them at once. */
export function useSavePlateBoxes(assetId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (boxes: readonly PlateBoxShape[]) =>
      savePlateBoxes(assetId, { boxes: boxes.map(({ x, y, w, h }) => ({ x, y, w, h })) }),
    onSuccess: (view: PlateBoxesView) => queryClient.setQueryData(plateKeys.asset(assetId), view),
  });
}

/** Starts the detection job; the caller follows the job and reloads the view when it ends. */
export function useDetectPlates(assetId: string) {
  return useMutation({ mutationFn: () => detectPlates(assetId) });
}
