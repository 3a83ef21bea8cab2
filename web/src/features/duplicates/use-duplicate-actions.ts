import type { DuplicateAsset, DuplicateDecision, DuplicatePair } from '@paddock/rules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { decideDuplicate, undoDuplicateDecision } from '../../api/duplicates.api';
import { assetKeys } from '../../api/assets.queries';
import { myJobsKeys } from '../jobs/my-jobs.queries';
import { waitForJobEnd } from '../jobs/use-job-progress';
import { useShowApiError } from '../ui/use-show-api-error';
import { useUiStore } from '../ui/ui-store-context';
import { displayName } from '../assets/format';
import { duplicatesKeys } from './duplicates.queries';

type PairIds = Pick<DuplicatePair, 'a' | 'b'>;

/** "Same asset": the one kept, the one sent to the junk (from its folder), and whether its tags and values move over. */
export interface SameChoice {
  pair: PairIds;
  keep: DuplicateAsset;
  junk: DuplicateAsset;
  merge: boolean;
}

export interface DuplicateActions {
  /** `distinct` or `alternate`: both assets stay; the notice offers Undo. */
  keepBoth(pair: PairIds, decision: Exclude<DuplicateDecision, 'same'>): void;
  /** Resolves true once the hub saved the decision (the junk job then runs on its own). */
  same(choice: SameChoice): Promise<boolean>;
  undo(pair: PairIds): void;
  /** Whether a call about this pair is on its way. */
  busy(pair: PairIds): boolean;
}

const samePair = (x: PairIds | undefined, y: PairIds) => x !== undefined && x.a === y.a && x.b === y.b;

/** A job's result that names assets it could not act on (the workflow's counts). */
const failedSome = (result: unknown) => {
  const failed = (result as { failed?: unknown } | null | undefined)?.failed;
  return typeof failed === 'number' && failed > 0;
};

/**
 * The review's decisions and Undo; each refreshes both tabs. A refusal opens the error dialog with
 * the hub's code. "Same asset" follows its junk job and says where the other asset went.
 */
export function useDuplicateActions(): DuplicateActions {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const ui = useUiStore();
  const showApiError = useShowApiError();
  const refresh = () => queryClient.invalidateQueries({ queryKey: duplicatesKeys.all });

  const undo = useMutation({
    mutationFn: (pair: PairIds) => undoDuplicateDecision(pair.a, pair.b),
    onSuccess: async () => {
      ui.notify({ message: { key: 'duplicates.notices.proposedAgain' } });
      await refresh();
    },
    onError: showApiError,
  });

  const keepBoth = useMutation({
    mutationFn: ({ pair, decision }: { pair: PairIds; decision: Exclude<DuplicateDecision, 'same'> }) =>
      decideDuplicate({ a: pair.a, b: pair.b, decision }),
    onSuccess: async (_answer, { pair, decision }) => {
      ui.notify({
        message: {
          key: 'duplicates.notices.decided',
          params: { decision: { key: `duplicates.decisions.${decision}` } },
        },
        undo: () => undo.mutate(pair),
      });
      await refresh();
    },
    onError: showApiError,
  });

  /** The junk job of a "same" decision, reported when it ends; the listings refresh either way. */
  const followJunkJob = async (jobId: string, junk: DuplicateAsset) => {
    const end = await waitForJobEnd(jobId);
    if (end?.state === 'completed' && !failedSome(end.result)) {
      ui.notify({
        message: {
          key: 'duplicates.notices.junked',
          params: { name: displayName(junk.name, junk.extension) },
        },
      });
    } else if (end) {
      ui.showError({ code: end.errorCode, message: t('duplicates.junkFailed') });
    }
    await Promise.all([refresh(), queryClient.invalidateQueries({ queryKey: assetKeys.all })]);
  };

  const same = useMutation({
    mutationFn: ({ pair, keep, junk, merge }: SameChoice) =>
      decideDuplicate({
        a: pair.a,
        b: pair.b,
        decision: 'same',
        keep: keep.id,
        folderId: junk.folderId,
        ...(merge ? { merge, keptFolderId: keep.folderId } : {}),
      }),
    onSuccess: async ({ jobId, mergeJobId }, { junk }) => {
      if (mergeJobId) void queryClient.invalidateQueries({ queryKey: myJobsKeys.all });
      if (jobId) {
        void queryClient.invalidateQueries({ queryKey: myJobsKeys.all });
        void followJunkJob(jobId, junk);
      }
      await refresh();
    },
    onError: showApiError,
  });

  return {
    keepBoth: (pair, decision) => keepBoth.mutate({ pair, decision }),
    same: (choice) =>
      same.mutateAsync(choice).then(
        () => true,
        () => false,
      ),
    undo: (pair) => undo.mutate(pair),
    busy: (pair) =>
      (keepBoth.isPending && samePair(keepBoth.variables?.pair, pair)) ||
      (same.isPending && samePair(same.variables?.pair, pair)) ||
      (undo.isPending && samePair(undo.variables, pair)),
  };
}
