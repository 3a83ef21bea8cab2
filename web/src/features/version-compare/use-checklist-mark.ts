import type { AssetDetail, ChecklistMark } from '@paddock/rules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { assetKeys } from '../../api/assets.queries';
import { markChecklist } from '../../api/workflow.api';
import { useShowApiError } from '../ui/use-show-api-error';

export interface ChecklistMarking {
  mark(region: number, mark: ChecklistMark | null): void;
  marking: boolean;
}

/**
 * One region's mark on the version shown, from the folder the approver works in; the detail is
 * read again after it, so the checklist and the accept's readiness follow. A refusal (a newer
 * version arrived, the right is gone) opens the error dialog with the hub's code.
 */
export function useChecklistMark(
  asset: Pick<AssetDetail, 'id' | 'version'>,
  folderId: string,
): ChecklistMarking {
  const queryClient = useQueryClient();
  const showApiError = useShowApiError();
  const mutation = useMutation({
    mutationFn: ({ region, mark }: { region: number; mark: ChecklistMark | null }) =>
      markChecklist({ contentId: asset.id, folderId, version: asset.version, region, mark }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: assetKeys.detail(asset.id) }),
    onError: showApiError,
  });
  return { mark: (region, mark) => mutation.mutate({ region, mark }), marking: mutation.isPending };
}
