import { exceedsTaggingLimit, type AssetDetail } from '@paddock/rules';
import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { saveEnrichmentDraft } from '../../api/enrichment.api';
import { enrichmentDraftQueryOptions } from '../../api/enrichment.queries';
import { assetInFolderQueryOptions } from '../../api/workflow.queries';
import { useLanguage } from '../../i18n/use-language';
import type { WizardStep } from './validation';
import { idsOf, wizardSearch, type WizardSearch } from './wizard-search';
import {
  clearWorkingState,
  emptyWorkingState,
  loadWorkingState,
  parseWorkingState,
  saveWorkingState,
  type WizardSelection,
  type WorkingState,
} from './working-state';

/** How long typing pauses before the working state goes to the server as the user's draft. */
export const DRAFT_SAVE_DELAY_MS = 1_500;

export interface Wizard {
  search: WizardSearch;
  /**
   * Null when the address names no folder or no asset (the wizard was not opened on a selection),
   * or more assets than one tagging takes.
   */
  selection: WizardSelection | null;
  /** The address names more assets than SPEC §5 allows at once: how many. */
  tooMany: number | null;
  state: WorkingState;
  update(change: (state: WorkingState) => WorkingState): void;
  /** Forgets the working state (after a confirmed enrichment; the job spends the server's draft). */
  clear(): void;
  /**
   * The enrichment is confirmed: a save of the draft still waiting is dropped, or it would bring
   * back, after the job, the draft the job spends (another session would open on it).
   */
  confirming(): void;
  /** The selected assets as far as loaded (for mandatory values already set and the overwrite warning). */
  assets: AssetDetail[];
  /** While the server's draft of the selection is being read (this tab had none). */
  restoring: boolean;
  /** The last save of the draft to the server failed: the work is kept in this tab only. */
  draftNotSaved: boolean;
  goTo(step: WizardStep): void;
  backToListing(): void;
}

/**
 * The wizard's selection (from its address) and its working state (SPEC §3 "Enrichment working
 * state"), kept in session storage under the selection so that a reload, back and forward find it
 * again, and saved as the user's draft at the hub so that a closed tab, another browser or another
 * device does too: a tab without a state of its own starts from that draft.
 */
export function useWizard(): Wizard {
  const search = wizardSearch(useSearch({ strict: false }));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [language] = useLanguage();
  const ids = idsOf(search);
  const tooMany = exceedsTaggingLimit(ids.length) ? ids.length : null;
  const key = `${search.folder ?? ''}|${ids.join(',')}`;
  const selection = useMemo<WizardSelection | null>(
    () =>
      search.folder && ids.length && tooMany === null ? { folderId: search.folder, contentIds: ids } : null,
    // The key says everything the selection holds.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [key],
  );
  // Null until this tab has a state of its own for the selection: the server's draft shows meanwhile.
  const [own, setOwn] = useState<WorkingState | null>(() =>
    selection ? loadWorkingState(sessionStorage, selection) : null,
  );
  const draftOptions = enrichmentDraftQueryOptions(selection?.folderId ?? '', selection?.contentIds ?? []);
  const draft = useQuery({ ...draftOptions, enabled: selection !== null && own === null });
  const restored = own === null && draft.data?.state ? parseWorkingState(draft.data.state) : null;
  const state = own ?? restored ?? emptyWorkingState();

  const saveDraft = useMutation({ mutationFn: saveEnrichmentDraft });
  const pending = useRef<{ timer: ReturnType<typeof setTimeout>; state: WorkingState } | null>(null);
  const send = useCallback(
    (next: WorkingState) => {
      if (selection)
        saveDraft.mutate({ ...selection, contentIds: [...selection.contentIds], state: { ...next } });
    },
    // mutate is stable; the selection says where to save.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [selection],
  );
  const dropPending = () => {
    if (pending.current) clearTimeout(pending.current.timer);
    pending.current = null;
  };
  /** The state typed last goes to the server now (leaving the step), not after the pause. */
  const flush = () => {
    const waiting = pending.current;
    if (!waiting) return;
    dropPending();
    send(waiting.state);
  };
  useEffect(() => {
    if (own === null) return;
    const timer = setTimeout(() => {
      pending.current = null;
      send(own);
    }, DRAFT_SAVE_DELAY_MS);
    pending.current = { timer, state: own };
    return () => clearTimeout(timer);
  }, [own, send]);

  const update = useCallback(
    (change: (state: WorkingState) => WorkingState) =>
      setOwn((previous) => {
        const next = change(previous ?? restored ?? emptyWorkingState());
        if (selection) saveWorkingState(sessionStorage, selection, next);
        return next;
      }),
    [selection, restored],
  );
  const details = useQueries({
    queries: (selection?.contentIds ?? []).map((id) =>
      assetInFolderQueryOptions(id, selection?.folderId ?? '', language),
    ),
  });
  const assets = details.flatMap((d) => (d.data ? [d.data] : []));

  return {
    search,
    selection,
    tooMany,
    state,
    update,
    clear: () => {
      if (!selection) return;
      dropPending();
      clearWorkingState(sessionStorage, selection);
      queryClient.setQueryData(draftOptions.queryKey, { state: null, savedAt: null });
    },
    confirming: dropPending,
    assets,
    restoring: draft.isLoading,
    draftNotSaved: saveDraft.isError,
    goTo: (step) => {
      flush();
      void navigate({ to: `/${step}`, search });
    },
    backToListing: () => {
      flush();
      void navigate({
        to: '/home',
        search: { view: search.view, folder: search.folder, asset: search.detail },
      });
    },
  };
}
